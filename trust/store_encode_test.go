package trust

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// encSection is a section shaped like the agents' (maps of projects, of
// records, omitempty maps, a list), with the kinds of fields the store
// encoder walks itself or hands to encoding/json.
type encSection struct {
	Projects map[string]*encProject `json:"projects"`
	Disabled []*encRecord           `json:"disabled"`
	Note     string                 `json:"note,omitempty"`
	Count    int                    `json:"count,omitempty"`
	Any      any                    `json:"any,omitempty"`
	hidden   int
	Untagged map[string]int
	Skipped  string `json:"-"`
}

type encProject struct {
	Hooks   map[string]*encRecord `json:"hooks"`
	Revoked map[string]*encRecord `json:"revoked,omitempty"`
	Ints    map[int]string        `json:"ints,omitempty"`
	Custom  encCustom             `json:"custom"`
	PCustom *encCustom            `json:"pcustom,omitempty"`
	Text    encText               `json:"text"`
	Embed
}

type Embed struct {
	Inner string `json:"inner,omitempty"`
}

type encRecord struct {
	Fields  Definition       `json:"fields,omitempty"`
	Scripts []ScriptSnapshot `json:"scripts"`
	When    string           `json:"when,string"`
}

func (encSection) EachScripts(func([]ScriptSnapshot)) {}

type encCustom struct{ N int }

func (c *encCustom) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, `{"n": %d, "s": "<&>"}`, c.N), nil
}

type encText string

func (t encText) MarshalText() ([]byte, error) { return []byte("text:" + string(t)), nil }

func checkIndented(t *testing.T, d *StoreData) {
	t.Helper()
	want, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	for _, hint := range []int{0, len(want)} {
		got, err := d.indented(hint)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			i := 0
			for i < len(got) && i < len(want) && got[i] == want[i] {
				i++
			}
			t.Fatalf("indented differs from json.MarshalIndent at byte %d:\ngot  …%q\nwant …%q", i, got[max(0, i-80):min(len(got), i+80)], want[max(0, i-80):min(len(want), i+80)])
		}
	}
}

// TestStoreIndentedIsMarshalIndent: the store is written one record at a
// time (issue 28: no whole-store copies), and the text is the one
// json.MarshalIndent wrote, byte for byte, for every shape the store can
// hold: empty and nil maps, nil records, revoked history, HTML and
// invalid UTF-8 in keys and texts, typed sections with custom encoders,
// embedded structs and tag options, raw sections read from a file.
func TestStoreIndentedIsMarshalIndent(t *testing.T) {
	text := "echo <hi> & \"bye\"\n\x00\xff"
	empty := &StoreData{Version: storeVersion, Projects: map[string]*StoreProject{}}
	checkIndented(t, empty)
	checkIndented(t, &StoreData{})
	d := &StoreData{Version: storeVersion, Projects: map[string]*StoreProject{
		"/p/<a>&\xff": {Hooks: map[string]*Approval{
			"n:cmd <x>": {Name: "n", Command: "cmd <x>", ApprovedAt: "2026-12-03T00:00:00Z",
				Places:  []Place{{Event: "BeforeTool", Matcher: "m", Fields: Definition{"command": `"cmd"`, "env.A": `"\u2028"`}}},
				Scripts: []ScriptSnapshot{{Word: "s.sh", Path: "/p/s.sh", Exists: true, SHA256: "ab", Size: 3, Content: &text}}},
			"nil":          nil,
			"empty places": {Places: []Place{}, Scripts: nil},
		}, Revoked: map[string]*Approval{"old": {Name: "old", RevokedAt: "x"}}},
		"/q":      {Hooks: map[string]*Approval{}},
		"/nilmap": {},
		"/nil":    nil,
	}, Contents: map[string]string{"ab": text, "cd": ""}}
	checkIndented(t, d)
	d.SetSection("zz", &encSection{Projects: map[string]*encProject{
		"/p": {Hooks: map[string]*encRecord{"k": {Fields: Definition{"a": "1"}, When: "now"}, "nil": nil},
			Ints: map[int]string{2: "b", 1: "a"}, Custom: encCustom{N: 1}, PCustom: &encCustom{N: 2}, Text: "t", Embed: Embed{Inner: "i"}},
		"/empty": {},
	}, Disabled: []*encRecord{{Scripts: []ScriptSnapshot{}}}, Any: map[string]any{"b": []any{1, "<"}, "a": nil}, hidden: 1, Untagged: map[string]int{"x": 1}, Skipped: "no"})
	d.SetSection("aa", &encSection{})
	d.SetSection("nilsection", (*encSection)(nil))
	d.raw = map[string]json.RawMessage{
		"mm":       json.RawMessage("{\n  \"b\" : [1, 2,\n {}],\t\"a\": \"<&>\"\n}"),
		"aa":       json.RawMessage(`"shadowed by the typed section"`),
		"Projects": json.RawMessage(`{"not": "a section"}`),
		"num":      json.RawMessage(`12.50`),
	}
	checkIndented(t, d)
}

// TestStoreIndentedRandom compares the two encodings over random stores.
func TestStoreIndentedRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(28, 1))
	str := func() string {
		const alphabet = "ab<>&\"\\ \n\t\u2028é\xff/:."
		var sb strings.Builder
		for range r.IntN(6) {
			sb.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		return sb.String()
	}
	for range 200 {
		d := &StoreData{Version: r.IntN(3), Projects: map[string]*StoreProject{}, Contents: map[string]string{}}
		for range r.IntN(4) {
			p := &StoreProject{}
			if r.IntN(4) > 0 {
				p.Hooks = map[string]*Approval{}
			}
			for range r.IntN(5) {
				ap := &Approval{Name: str(), Command: str(), ApprovedAt: str(), RevokedAt: str()}
				for range r.IntN(3) {
					pl := Place{Event: str(), Matcher: str(), Definition: r.IntN(3), Index: r.IntN(3)}
					if r.IntN(2) == 0 {
						pl.Fields = Definition{str(): str(), str(): str()}
					}
					ap.Places = append(ap.Places, pl)
				}
				for range r.IntN(3) {
					ap.Scripts = append(ap.Scripts, ScriptSnapshot{Word: str(), Path: str(), Exists: r.IntN(2) == 0, Size: int64(r.IntN(9)), Mode: str()})
				}
				if p.Hooks != nil {
					p.Hooks[str()] = ap
				}
				if r.IntN(3) == 0 {
					if p.Revoked == nil {
						p.Revoked = map[string]*Approval{}
					}
					p.Revoked[str()] = ap
				}
			}
			d.Projects[str()] = p
		}
		for range r.IntN(3) {
			d.Contents[str()] = str()
		}
		if r.IntN(2) == 0 {
			d.SetSection(str(), &encSection{Note: str(), Count: r.IntN(2), Projects: map[string]*encProject{str(): {Hooks: map[string]*encRecord{str(): {When: str()}}}}})
		}
		checkIndented(t, d)
	}
}

// BenchmarkStoreWrite encodes the store of trust --all over 20,000
// workspace hooks (one place with its fields and one script each, the
// script texts shared), as json.MarshalIndent did and one record at a
// time as Store.Update now does (issue 28), into a fresh store and into
// one of the same size (approving again: the text is allocated once at
// the size of the file read). extra-MB is what the encoding
// holds live at its peak beyond what was live before it (the text it
// returns included), sampled every millisecond in one run under GOGC=2.
func BenchmarkStoreWrite(b *testing.B) {
	const n = 20000
	text := strings.Repeat("echo \"script\" >/dev/null\n", 20)
	d := &StoreData{Version: storeVersion, Projects: map[string]*StoreProject{}, Contents: map[string]string{}}
	p := d.Project("/tmp/hookwarden-perf/p20000")
	for i := range n {
		cmd := fmt.Sprintf("bash hooks/s%03d.sh %d", i%100, i)
		sum := fmt.Sprintf("%064x", i%100)
		p.Hooks[fmt.Sprintf("hook-%d:%s", i, cmd)] = &Approval{Name: fmt.Sprintf("hook-%d", i), Command: cmd, ApprovedAt: "2026-12-03T06:54:10Z",
			Places: []Place{{Event: "BeforeTool", Matcher: fmt.Sprintf("tool_%d", i%10), Definition: i / 50, Index: i % 50, Fields: Definition{
				"command": JSONText(cmd), "event": `"BeforeTool"`, "matcher": JSONText(fmt.Sprintf("tool_%d", i%10)), "name": JSONText(fmt.Sprintf("hook-%d", i)), "timeout": "5000", "type": `"command"`}}},
			Scripts: []ScriptSnapshot{{Word: fmt.Sprintf("hooks/s%03d.sh", i%100), Path: fmt.Sprintf("/tmp/hookwarden-perf/p20000/hooks/s%03d.sh", i%100), Via: "bash", Exists: true, SHA256: sum, Size: int64(len(text))}}}
		d.Contents[sum] = text
	}
	again, err := json.MarshalIndent(d, "", "  ") // the store approving again reads
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		encode func() ([]byte, error)
	}{
		{"marshalindent", func() ([]byte, error) { return json.MarshalIndent(d, "", "  ") }},
		{"streamed", func() ([]byte, error) { return d.indented(0) }},
		{"streamed-again", func() ([]byte, error) { return d.indented(len(again)) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			// the peak of what the encoding holds live: measured once,
			// with the collector running almost all the time (GOGC=2), so
			// that the heap is what is live and not what awaits a cycle
			gc := debug.SetGCPercent(2)
			runtime.GC()
			before, stop := heapPeak()
			out, err := c.encode()
			extra := float64(stop()-before) / 1e6
			debug.SetGCPercent(gc)
			if err != nil {
				b.Fatal(err)
			}
			runtime.KeepAlive(out)
			out = nil
			b.ResetTimer()
			for b.Loop() {
				if _, err := c.encode(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(extra, "extra-MB")
		})
	}
}

// heapPeak samples the heap (objects and unused spans) every millisecond
// until stop, which returns the largest sample; before is the first.
func heapPeak() (before uint64, stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() + sample[1].Value.Uint64() }
	before = read()
	var top atomic.Uint64
	top.Store(before)
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if v := read(); v > top.Load() {
				top.Store(v)
			}
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	}()
	return before, func() uint64 {
		close(quit)
		<-done
		if v := read(); v > top.Load() {
			top.Store(v)
		}
		return top.Load()
	}
}
