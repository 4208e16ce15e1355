// Package shape holds tests of the code's shape that no compiler checks: no function of the
// engine's longer than a reader takes in at once (issue 32's rule, 60 lines; the page's modules
// are held to it by web/funclength.test.js).
package shape
