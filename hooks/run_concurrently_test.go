package hooks

import (
	"slices"
	"sync"
	"testing"
)

func TestRunConcurrentlyKeepsTheOrderAndCountsFinishes(t *testing.T) {
	var mu sync.Mutex
	var orders []int
	got := RunConcurrently(5, func(i int) int { return i * 10 }, func(i, order int, r *int) {
		mu.Lock()
		defer mu.Unlock()
		if *r != i*10 {
			t.Errorf("done(%d) sees %d", i, *r)
		}
		orders = append(orders, order)
	})
	if !slices.Equal(got, []int{0, 10, 20, 30, 40}) {
		t.Errorf("results = %v", got)
	}
	slices.Sort(orders)
	if !slices.Equal(orders, []int{0, 1, 2, 3, 4}) {
		t.Errorf("finishing orders = %v, want each of 0…4 once", orders)
	}
}
