// The page's unit-test fixture (responses.json, written by go test ./examples -update): every
// single merge example's inputs and the engine's answer as it sends it, read as the page reads
// an answer, its marks' names expanded (answernames.js).

import { readFileSync } from "node:fs";
import { expandNames } from "../answernames.js";

/**
 * The examples by name, each {live, updated, response}, the response as the page holds it.
 * @returns {Record<string, {live: string, updated: string, response: object}>}
 */
export function readResponses() {
  const examples = JSON.parse(readFileSync(new URL("./responses.json", import.meta.url), "utf8"));
  for (const example of Object.values(examples)) example.response = expandNames(example.response);
  return examples;
}
