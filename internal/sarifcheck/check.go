package sarifcheck

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// Limits of GitHub code scanning's SARIF upload.
const (
	maxRuns          = 20
	maxResultsPerRun = 25000
)

// Check returns every problem of data as a SARIF 2.1.0 log for code
// scanning; none means it passes.
func Check(data []byte) []error {
	c := &checker{}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return []error{fmt.Errorf("not JSON: %w", err)}
	}
	log, ok := c.object("log", doc)
	if !ok {
		return c.errs
	}
	if v, _ := log["version"].(string); v != "2.1.0" {
		c.fail("version is %v, want \"2.1.0\"", log["version"])
	}
	if s, ok := log["$schema"]; ok {
		if str, _ := s.(string); !strings.Contains(str, "sarif-2.1.0") && !strings.Contains(str, "sarif-schema-2.1.0") {
			c.fail("$schema %v is not the 2.1.0 schema", s)
		}
	}
	runs, ok := c.array("runs", log["runs"])
	if ok && (len(runs) == 0 || len(runs) > maxRuns) {
		c.fail("runs has %d entries, want 1 to %d", len(runs), maxRuns)
	}
	for i, r := range runs {
		c.run(fmt.Sprintf("runs[%d]", i), r)
	}
	return c.errs
}

type checker struct{ errs []error }

func (c *checker) fail(format string, a ...any) { c.errs = append(c.errs, fmt.Errorf(format, a...)) }

func (c *checker) object(where string, v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		c.fail("%s: want an object, have %T", where, v)
	}
	return m, ok
}

func (c *checker) array(where string, v any) ([]any, bool) {
	a, ok := v.([]any)
	if !ok {
		c.fail("%s: want an array, have %T", where, v)
	}
	return a, ok
}

func (c *checker) text(where string, v any) string {
	s, ok := v.(string)
	if !ok || strings.TrimSpace(s) == "" {
		c.fail("%s: want a non-empty string, have %#v", where, v)
	}
	return s
}

// message checks a message or multiformat string: its text is required.
func (c *checker) message(where string, v any) {
	if m, ok := c.object(where, v); ok {
		c.text(where+".text", m["text"])
	}
}

func (c *checker) integer(where string, v any, min int) (int, bool) {
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) || int(f) < min {
		c.fail("%s: want an integer ≥ %d, have %#v", where, min, v)
		return 0, false
	}
	return int(f), true
}

func (c *checker) run(where string, v any) {
	run, ok := c.object(where, v)
	if !ok {
		return
	}
	tool, _ := c.object(where+".tool", run["tool"])
	driver, _ := c.object(where+".tool.driver", tool["driver"])
	c.text(where+".tool.driver.name", driver["name"])
	var ids []string
	if rv, ok := driver["rules"]; ok {
		rules, _ := c.array(where+".tool.driver.rules", rv)
		seen := map[string]bool{}
		for i, r := range rules {
			w := fmt.Sprintf("%s.tool.driver.rules[%d]", where, i)
			rule, ok := c.object(w, r)
			if !ok {
				ids = append(ids, "")
				continue
			}
			id := c.text(w+".id", rule["id"])
			if seen[id] {
				c.fail("%s: rule id %q twice", w, id)
			}
			seen[id] = true
			ids = append(ids, id)
			c.message(w+".shortDescription", rule["shortDescription"])
			if help, ok := c.object(w+".help", rule["help"]); ok {
				c.text(w+".help.text", help["text"])
				c.text(w+".help.markdown", help["markdown"])
			}
			if dc, ok := rule["defaultConfiguration"]; ok {
				if m, ok := c.object(w+".defaultConfiguration", dc); ok {
					c.level(w+".defaultConfiguration.level", m["level"])
				}
			}
		}
	}
	results, ok := c.array(where+".results", run["results"])
	if ok && len(results) > maxResultsPerRun {
		c.fail("%s.results: %d results, code scanning takes %d", where, len(results), maxResultsPerRun)
	}
	fingerprints := map[string]string{}
	for i, r := range results {
		c.result(fmt.Sprintf("%s.results[%d]", where, i), r, ids, fingerprints)
	}
}

func (c *checker) level(where string, v any) {
	switch v {
	case "none", "note", "warning", "error":
	default:
		c.fail("%s: %#v is not none, note, warning or error", where, v)
	}
}

func (c *checker) result(where string, v any, ids []string, fingerprints map[string]string) {
	r, ok := c.object(where, v)
	if !ok {
		return
	}
	c.message(where+".message", r["message"])
	id := c.text(where+".ruleId", r["ruleId"])
	if iv, ok := r["ruleIndex"]; ok {
		if i, ok := c.integer(where+".ruleIndex", iv, 0); ok {
			if i >= len(ids) || ids[i] != id {
				c.fail("%s: ruleIndex %d does not name rule %q", where, i, id)
			}
		}
	} else if len(ids) > 0 {
		found := false
		for _, x := range ids {
			found = found || x == id
		}
		if !found {
			c.fail("%s: rule %q is not among the driver's rules", where, id)
		}
	}
	c.level(where+".level", r["level"])
	locs, ok := c.array(where+".locations", r["locations"])
	if ok && len(locs) == 0 {
		c.fail("%s.locations: empty; code scanning shows a result at its first location", where)
	}
	for i, l := range locs {
		c.location(fmt.Sprintf("%s.locations[%d]", where, i), l)
	}
	pf, ok := c.object(where+".partialFingerprints", r["partialFingerprints"])
	if ok && len(pf) == 0 {
		c.fail("%s.partialFingerprints: empty", where)
	}
	for k, fv := range pf {
		fp := c.text(where+".partialFingerprints."+k, fv)
		key := k + "=" + fp
		if prev, dup := fingerprints[key]; dup {
			c.fail("%s: fingerprint %s is also %s's: code scanning would merge the two alerts", where, key, prev)
		}
		fingerprints[key] = where
	}
}

func (c *checker) location(where string, v any) {
	l, ok := c.object(where, v)
	if !ok {
		return
	}
	pl, ok := c.object(where+".physicalLocation", l["physicalLocation"])
	if !ok {
		return
	}
	if al, ok := c.object(where+".physicalLocation.artifactLocation", pl["artifactLocation"]); ok {
		w := where + ".physicalLocation.artifactLocation"
		uri := c.text(w+".uri", al["uri"])
		u, err := url.Parse(uri)
		switch {
		case err != nil:
			c.fail("%s.uri %q is not a URI reference: %v", w, uri, err)
		case u.Scheme != "" || strings.HasPrefix(uri, "/"):
			c.fail("%s.uri %q is not relative to the repository", w, uri)
		case strings.Contains(uri, `\`):
			c.fail("%s.uri %q has a backslash (URIs use /)", w, uri)
		case uri == ".." || strings.HasPrefix(uri, "../") || strings.Contains(uri, "/../"):
			c.fail("%s.uri %q leaves the repository", w, uri)
		}
		if base, _ := al["uriBaseId"].(string); base != "%SRCROOT%" {
			c.fail("%s.uriBaseId is %#v, want %%SRCROOT%%", w, al["uriBaseId"])
		}
	}
	if rg, ok := c.object(where+".physicalLocation.region", pl["region"]); ok {
		c.integer(where+".physicalLocation.region.startLine", rg["startLine"], 1)
		if col, ok := rg["startColumn"]; ok {
			c.integer(where+".physicalLocation.region.startColumn", col, 1)
		}
	}
}
