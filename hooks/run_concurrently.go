package hooks

import "sync"

// RunConcurrently runs run(i) for every i below n, each in its own
// goroutine, as the agents run the hooks of an event at once, and returns
// the results in i's order once all have finished. As each finishes, its
// result is stored in its place and done, when set, is called with it from
// its goroutine; order is its place in the finishing order (0 first).
func RunConcurrently[R any](n int, run func(i int) R, done func(i, order int, r *R)) []R {
	out := make([]R, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	finished := 0
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := run(i)
			mu.Lock()
			order := finished
			finished++
			mu.Unlock()
			out[i] = res
			if done != nil {
				done(i, order, &out[i])
			}
		}()
	}
	wg.Wait()
	return out
}
