package merge3

import "github.com/mergeplay/mergeplay/engine/modes"

// WholeMode is the mode answering every request whole, as before it kept pieces of its answers
// (answerWhole): what the mode answers must be byte for byte what it answers.
func WholeMode() modes.Mode {
	return modeAnswering(answerWhole)
}
