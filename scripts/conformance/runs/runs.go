// Package runs holds what every differential test of the conformance module shares: running
// numbered cases on several workers with results kept in case order, and the minimum count a
// feature must reach in a run of a given size.
package runs

import (
	"runtime"
	"sync"
)

// InOrder calls do(i) for i from 0 to n-1 on workers goroutines (GOMAXPROCS when workers is 0
// or less) and returns the results in index order, so a run's output depends on its cases
// alone, never on scheduling.
func InOrder[T any](n, workers int, do func(i int) T) []T {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]T, n)
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results[i] = do(i)
			}
		}()
	}
	for i := range n {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return results
}

// Minimum is the count every feature must reach in a run of n cases: minimum at full cases and
// above, proportionally less (at least 1) in shorter runs.
func Minimum(n, full, minimum int) int {
	if n >= full {
		return minimum
	}
	return max(1, minimum*n/full)
}
