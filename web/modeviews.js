// The views a mode brings to the output column, by the ids its descriptor lists in `views`
// (modes.js): tabs beside Result, Patch, Diff and Explain, and panels above the result. The page
// never asks which mode it is in: output.js shows the views the answered mode lists.
//
// Each entry: place ("tab" or "panel"), label (a tab's), and create(context) returning
// {dom, update(response, {mode}), notes?(response)}. notes lists the texts the view puts on lines
// of the result pane ({line: 1-based result line, text, kind}). The context gives
// showResultLine(line) (the Result tab, that line focused) and selectTab(id).

import { warningItems, warningNote } from "./twoway.js";
import { createOwnershipView } from "./ownershipview.js";
import { createManagementPanel } from "./managementview.js";
import { createOutOfSyncPanel } from "./outofsyncview.js";
import { createSideBySideView } from "./twowayview.js";

/**
 * @typedef {{showResultLine: (line: number) => void, selectTab: (id: string) => void}} ViewContext
 * @typedef {{dom: HTMLElement, update: (response: object|null, context: {mode?: object}) => void, notes?: (response: object) => {line: number, text: string, kind: string}[]}} ModeView
 * @typedef {{place: "tab"|"panel", label?: string, create: (context: ViewContext) => ModeView}} ViewKind
 */

/** @type {Record<string, ViewKind>} */
export const MODE_VIEWS = {
  ownership: {
    place: "tab",
    label: "Ownership",
    create: () => createOwnershipView(),
  },
  helm: {
    place: "tab",
    label: "Helm 2 | Helm 3",
    create: () => createSideBySideView(),
  },
  management: {
    place: "panel",
    create: () => createManagementPanel(),
  },
  outOfSync: {
    place: "panel",
    create: (context) => {
      const panel = createOutOfSyncPanel(context);
      return {
        ...panel,
        notes: (response) => warningItems(response).filter((w) => w.line).map((w) => ({ line: w.line, text: warningNote(w), kind: "warning" })),
      };
    },
  },
};
