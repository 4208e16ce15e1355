// Package shape holds tests of the code's shape that no compiler checks: no function of the
// engine's longer than a reader takes in at once (60 lines), and imports that point down the
// layers of the engine's packages (layers_test.go).
package shape
