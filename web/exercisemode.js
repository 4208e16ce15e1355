// The exercise as a feature of the page ("Predict, then reveal"): entering and leaving it, the
// exercise drawn again from each new answer while it runs, and the link that says it runs
// (`&exercise=1`). It takes the result's place in the output column (`<html data-exercise>`);
// the layout is exerciseview.js's, the scoring exercise.js's.

import { asksForExercise, exerciseFragment } from "./exercise.js";
import { createExercise } from "./exerciseview.js";
import { findMode } from "./modes.js";

/**
 * Creates the exercise feature.
 * @param {{root: HTMLElement, lastGood: () => {request: object, response: object}|null,
 *   onChange: () => void, onScore: (score: object) => void}} deps
 *   lastGood: the answer shown; onChange: entered or left (the address bar follows);
 *   onScore: a reveal scored the marks
 */
export function createExerciseMode({ root, lastGood, onChange, onScore }) {
  let active = false;
  const view = createExercise({
    onEnter: () => { enter(); view.focus(); },
    onLeave: () => { leave(); view.entry.focus(); },
    onScore,
  });

  function enter() {
    active = true;
    root.toggleAttribute("data-exercise", true);
    view.enter();
    draw();
    onChange();
  }

  function leave() {
    active = false;
    root.toggleAttribute("data-exercise", false);
    view.leave();
    onChange();
  }

  function draw() {
    const last = lastGood();
    view.update(last, findMode(last?.request.mode)?.marks);
  }

  return {
    dom: view.dom,
    /** The Exercise button, among the result's actions. */
    entry: view.entry,
    enter,
    /** A new answer was shown: the exercise follows it while it runs. */
    refresh: () => { if (active) draw(); },
    /** A link's fragment for a state: with `&exercise=1` while the exercise runs. */
    fragment: (state) => active ? exerciseFragment(state) : state,
    /** A link opened: the exercise runs when the link asks for it, else it is left. */
    follow(hash) {
      if (asksForExercise(hash)) enter();
      else if (active) leave();
    },
  };
}
