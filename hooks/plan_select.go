package hooks

// Select returns the part of the plan whose hooks a selector names (by
// display name, name, command, name:command key or ID), in plan order, and
// the selectors that named no hook. With no selectors it returns the plan.
func (p *Plan) Select(selectors []string) (*Plan, []string) {
	if p == nil || len(selectors) == 0 {
		return p, nil
	}
	sel := &Plan{Event: p.Event, Sequential: p.Sequential}
	used := make([]bool, len(selectors))
	for _, h := range p.Hooks {
		for i, want := range selectors {
			if want == h.DisplayName() || want == h.Name || want == h.Command || want == h.Key() || want == h.ID {
				used[i] = true
				sel.Hooks = append(sel.Hooks, h)
				break
			}
		}
	}
	var missing []string
	for i, u := range used {
		if !u {
			missing = append(missing, selectors[i])
		}
	}
	return sel, missing
}
