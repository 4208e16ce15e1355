// The page's second bundle: CodeMirror's views, editing and the result's marks, gutters and
// reasons. The first bundle (main.js) draws previews (preview.js, resultpreview.js) with only the
// YAML parser and the highlighter, and loads this with import() once its first answer is shown
// or as soon as the reader goes to an editor or the result (editors.js, resultpane.js); the build
// (scripts/build/dist) writes it as a file of its own, with the modules both share in a third.

import { markLoad } from "./loadmarks.js";

export { createInputView, focusAt, loadText, setReadOnly, showProblems, showRole } from "./editorview.js";
export { createResultView, focusIndex, setExtras, showInView } from "./result.js";
export { takeOver } from "./cm.js";

markLoad("views");
