package agents

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// AddOtherReaders fills in AlsoReadBy, for every reviewed hook of p whose
// file other agents of env.Others read too (Copilot CLI runs Claude Code's
// .claude/settings.json), what each of them does with the hook at the same
// place in the file: its review of it (an approval is per agent) and
// whether it runs it. Each other agent opens the folder read only, without
// Others. An agent that may read the file but cannot open the folder or
// review it counts as needing review. Nothing happens when env.Others is
// nil.
func AddOtherReaders(ctx context.Context, env Env, p Project, hs []HookReview) {
	if env.Others == nil || len(hs) == 0 {
		return
	}
	self := p.Agent().Name
	mine := map[string]*hooks.Hook{}
	for _, h := range p.Hooks() {
		if h.IsHook() {
			mine[h.ID] = h
		}
	}
	var files []string
	seen := map[string]bool{}
	for _, hr := range hs {
		if h := mine[hr.HookID]; h != nil && !seen[h.Origin.File] {
			seen[h.Origin.File] = true
			files = append(files, h.Origin.File)
		}
	}
	if len(files) == 0 {
		return
	}
	inner := env
	inner.Others = nil
	for _, a := range env.Others.All() {
		info := a.Info()
		if info.Name == self {
			continue
		}
		fs, sharer := a.(FileSharer)
		if sharer && !sharesAny(fs, p.Dir(), files) {
			continue
		}
		other, err := a.Open(ctx, inner, p.Dir())
		if err != nil {
			if sharer { // it may read the file: fail closed
				for i := range hs {
					if h := mine[hs[i].HookID]; h != nil && fs.SharesFile(p.Dir(), h.Origin.File) {
						hs[i].AlsoReadBy = append(hs[i].AlsoReadBy, trust.OtherReader{Agent: info.Name, Title: info.Title,
							NeedsReview: true, Status: "unknown", Reason: "the folder cannot be read: " + err.Error()})
					}
				}
			}
			continue
		}
		addOtherReader(ctx, other, info, mine, hs)
	}
}

// addOtherReader adds what the opened agent other does with each hook of
// hs in a file it reads.
func addOtherReader(ctx context.Context, other Project, info Info, mine map[string]*hooks.Hook, hs []HookReview) {
	layers := map[string]Layer{}
	for _, l := range DocumentLayers(other.Layers()) {
		if l.Exists {
			layers[FileKey(l.Path)] = l
		}
	}
	theirs := map[string]*hooks.Hook{}
	for _, h := range other.Hooks() {
		if h.IsHook() {
			if at := hookPlace(h); theirs[at] == nil {
				theirs[at] = h
			}
		}
	}
	var review map[string]*HookReview
	var reviewErr error
	reviewed := false
	for i := range hs {
		h := mine[hs[i].HookID]
		if h == nil {
			continue
		}
		l, reads := layers[FileKey(h.Origin.File)]
		if !reads {
			continue
		}
		o := trust.OtherReader{Agent: info.Name, Title: info.Title, Status: string(l.State), Reason: l.Note}
		if oh := theirs[hookPlace(h)]; oh != nil {
			o.Status, o.Reason = string(oh.Status), oh.Reason
			if !reviewed {
				reviewed = true
				if r, ok := other.(Reviewer); ok {
					var rv *Review
					if rv, reviewErr = r.Review(ctx); rv != nil {
						// one index, not a scan of every review per hook
						review = rv.HooksByID()
					}
				}
			}
			switch {
			case reviewErr != nil:
				o.NeedsReview = true
				o.Reason = joinReason(o.Reason, "its review cannot be made: "+reviewErr.Error())
			case review != nil:
				if rv := review[oh.ID]; rv != nil {
					o.Review, o.NeedsReview = rv.Status, rv.NeedsReview()
				}
			}
		}
		hs[i].AlsoReadBy = append(hs[i].AlsoReadBy, o)
	}
}

func sharesAny(fs FileSharer, dir string, files []string) bool {
	for _, f := range files {
		if fs.SharesFile(dir, f) {
			return true
		}
	}
	return false
}

// hookPlace is a hook's file and place in it, as Readers compares them.
func hookPlace(h *hooks.Hook) string {
	return fmt.Sprintf("%s\x00%d:%d", FileKey(h.Origin.File), h.Origin.Line, h.Origin.Column)
}

func joinReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}
