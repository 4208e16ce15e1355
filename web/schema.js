// The schema panel: a collapsed section holding options.schema (an OpenAPI v2/v3 document or a
// CRD, in a small editor that shows the engine's errors at their line) and options.schemaType.

import { createInputEditor } from "./editors.js";
import { h } from "./dom.js";

/**
 * Creates the schema panel.
 * @param {{nonce: string, schema: string, schemaType: string, onChange: (key: "schema"|"schemaType", value: string) => void, onRun: () => void}} config
 */
export function createSchemaPanel({ nonce, schema, schemaType, onChange, onRun }) {
  const role = { label: "schema", hint: "an OpenAPI v2 or v3 document, or a CRD (YAML or JSON); empty: the built-in Kubernetes types" };
  const editor = createInputEditor({ input: "schema", text: schema, nonce, role, onChange: (_, text) => onChange("schema", text), onRun });
  const type = h("input", { type: "text", id: "mp-schema-type", class: "mp-schema-type", spellcheck: "false", maxlength: "256", placeholder: "e.g. io.example.v1.Widget" });
  type.value = schemaType;
  type.addEventListener("input", () => onChange("schemaType", type.value));
  const summary = h("span", { class: "mp-schema-summary" });
  const dom = h("details", { class: "mp-schema" },
    h("summary", {}, "Schema ", summary),
    h("div", { class: "mp-schema-body" },
      editor.dom,
      h("label", { class: "mp-field", for: type.id }, "schema type for documents without a known kind ", type)));

  return {
    dom,
    /** Shows the panel's values (after a new state was loaded); the editor's undo keeps the old text. */
    setValues(nextSchema, nextType) {
      editor.setText(nextSchema);
      type.value = nextType;
    },
    /** Says, while collapsed, which schema is in use. */
    setSummary(schemaText, typeName) {
      const lines = schemaText ? schemaText.split("\n").length : 0;
      summary.textContent = lines ? `· yours (${lines} lines${typeName ? `, type ${typeName}` : ""})` : "· built-in Kubernetes types";
    },
    /** Shows the engine's errors about the schema, opening the panel when there are some. */
    setProblems(errors) {
      editor.setProblems(errors, []);
      if (errors.length) dom.open = true;
    },
    /** Builds the editor's CodeMirror view (see editors.js); resolves when it is built. */
    build: () => editor.build(),
    destroy: () => editor.destroy(),
  };
}
