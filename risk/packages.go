package risk

import (
	"path/filepath"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"mvdan.cc/sh/v3/syntax"
)

// Package runners (npx, uvx, pipx run…) fetch what they run from a
// registry. The project's own, declared tools are no finding; a
// well-known tool the project does not declare is review; a name one
// letter away from a well-known tool is what a typo-squat looks like
// (critical); and a package given as a URL is code downloaded and run.

// wellKnownTools are the formatters, linters and compilers hooks run, by
// the name a runner is given, with the package that provides them.
var wellKnownTools = map[string]string{
	"prettier": "prettier", "eslint": "eslint", "tsc": "typescript", "typescript": "typescript", "biome": "@biomejs/biome",
	"@biomejs/biome": "@biomejs/biome", "jest": "jest", "vitest": "vitest", "stylelint": "stylelint", "markdownlint": "markdownlint-cli",
	"markdownlint-cli": "markdownlint-cli", "markdownlint-cli2": "markdownlint-cli2", "oxlint": "oxlint", "dprint": "dprint",
	"tsx": "tsx", "ts-node": "ts-node", "vue-tsc": "vue-tsc", "svelte-check": "svelte-check", "knip": "knip", "turbo": "turbo",
	"ruff": "ruff", "black": "black", "isort": "isort", "mypy": "mypy", "pyright": "pyright", "flake8": "flake8",
	"pylint": "pylint", "pytest": "pytest", "basedpyright": "basedpyright", "autopep8": "autopep8", "yapf": "yapf",
	"golangci-lint": "golangci-lint", "gofumpt": "gofumpt", "goimports": "goimports", "staticcheck": "staticcheck", "govulncheck": "govulncheck",
	"revive": "revive", "gotestsum": "gotestsum", "shellcheck": "shellcheck", "shfmt": "shfmt",
}

// wellKnownGoOwners are the publishers of those Go tools, as a module path
// names them (github.com/golangci/golangci-lint).
var wellKnownGoOwners = []string{"golangci", "mvdan", "dominikh", "securego", "golang", "mgechev", "gotestyourself", "koalaman"}

// goModuleTypo: a segment of a Go module path (owner or name) one letter
// away from a well-known Go tool or its publisher.
func goModuleTypo(mod string) string {
	mod, _, _ = strings.Cut(mod, "@")
	for _, seg := range strings.Split(mod, "/") {
		seg = strings.ToLower(seg)
		if known := typoOf(seg); known != "" {
			return known
		}
		for _, o := range wellKnownGoOwners {
			if d := editDistance(seg, o); d > 0 && d <= 1 && len(seg) >= 5 {
				return o
			}
		}
	}
	return ""
}

// declaredPkg: the project declares the tool (package.json, its
// node_modules/.bin, pyproject.toml, requirements files).
func (a *analyzer) declaredPkg(name string) bool {
	if a.ownPackage(name) {
		return true
	}
	if p, ok := wellKnownTools[name]; ok && p != name && a.ownPackage(p) {
		return true
	}
	return a.pythonDeps()[normPyName(name)] || a.configuredTool(name)
}

// toolConfigs are the files in which a project configures a well-known
// tool; a project that configures the tool uses it as its own.
var toolConfigs = map[string][]string{
	"prettier":          {".prettierrc", ".prettierrc.json", ".prettierrc.json5", ".prettierrc.js", ".prettierrc.cjs", ".prettierrc.mjs", ".prettierrc.yaml", ".prettierrc.yml", ".prettierrc.toml", "prettier.config.js", "prettier.config.cjs", "prettier.config.mjs", "prettier.config.ts"},
	"eslint":            {"eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", "eslint.config.mts", ".eslintrc", ".eslintrc.js", ".eslintrc.cjs", ".eslintrc.json", ".eslintrc.yml", ".eslintrc.yaml"},
	"biome":             {"biome.json", "biome.jsonc"},
	"@biomejs/biome":    {"biome.json", "biome.jsonc"},
	"stylelint":         {".stylelintrc", ".stylelintrc.json", ".stylelintrc.js", ".stylelintrc.cjs", ".stylelintrc.yml", ".stylelintrc.yaml", "stylelint.config.js", "stylelint.config.cjs", "stylelint.config.mjs"},
	"markdownlint":      {".markdownlint.json", ".markdownlint.jsonc", ".markdownlint.yaml", ".markdownlint.yml", ".markdownlintrc"},
	"markdownlint-cli":  {".markdownlint.json", ".markdownlint.jsonc", ".markdownlint.yaml", ".markdownlint.yml", ".markdownlintrc"},
	"markdownlint-cli2": {".markdownlint-cli2.jsonc", ".markdownlint-cli2.yaml", ".markdownlint-cli2.cjs", ".markdownlint-cli2.mjs", ".markdownlint.json", ".markdownlint.jsonc", ".markdownlint.yaml", ".markdownlint.yml"},
	"tsc":               {"tsconfig.json"},
	"typescript":        {"tsconfig.json"},
	"vue-tsc":           {"tsconfig.json"},
	"jest":              {"jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs"},
	"vitest":            {"vitest.config.ts", "vitest.config.js", "vitest.config.mts", "vitest.config.mjs", "vitest.workspace.ts"},
	"oxlint":            {".oxlintrc.json", "oxlintrc.json"},
	"dprint":            {"dprint.json", ".dprint.json", "dprint.jsonc", ".dprint.jsonc"},
	"knip":              {"knip.json", "knip.jsonc", ".knip.json", ".knip.jsonc", "knip.config.ts"},
	"turbo":             {"turbo.json"},
	"ruff":              {"ruff.toml", ".ruff.toml"},
	"isort":             {".isort.cfg"},
	"mypy":              {"mypy.ini", ".mypy.ini"},
	"pyright":           {"pyrightconfig.json"},
	"basedpyright":      {"pyrightconfig.json"},
	"pytest":            {"pytest.ini"},
	"flake8":            {".flake8"},
	"pylint":            {".pylintrc", "pylintrc"},
	"yapf":              {".style.yapf"},
	"golangci-lint":     {".golangci.yml", ".golangci.yaml", ".golangci.toml", ".golangci.json"},
	"staticcheck":       {"staticcheck.conf"},
	"revive":            {"revive.toml"},
	"shellcheck":        {".shellcheckrc"},
}

// pyprojectTools are the well-known Python tools configured under
// [tool.NAME] of pyproject.toml.
var pyprojectTools = set("ruff", "black", "isort", "mypy", "pyright", "basedpyright", "pytest", "pylint", "yapf", "autopep8", "flake8")

// configuredTool: name is a well-known tool and the project's root holds
// its configuration (its own file, or [tool.NAME] in pyproject.toml).
func (a *analyzer) configuredTool(name string) bool {
	d := a.hook.ProjectDir
	if _, ok := wellKnownTools[name]; !ok || d == "" {
		return false
	}
	for _, f := range toolConfigs[name] {
		if regularFile(filepath.Join(d, f)) {
			return true
		}
	}
	if !pyprojectTools[name] {
		return false
	}
	if a.pyTools == nil {
		a.pyTools = map[string]bool{}
		if b, err := readRegular(filepath.Join(d, "pyproject.toml"), 1<<20); err == nil {
			var doc struct {
				Tool map[string]any `toml:"tool"`
			}
			if toml.Unmarshal(b, &doc) == nil {
				for k := range doc.Tool {
					a.pyTools[k] = true
				}
			}
		}
	}
	return a.pyTools[name]
}

func normPyName(s string) string {
	return strings.ToLower(strings.NewReplacer("_", "-", ".", "-").Replace(s))
}

var pyReqLineRe = lazyRe(`(?m)^\s*([A-Za-z0-9][A-Za-z0-9._-]*)`)

// pythonDeps are the Python packages the project declares (pyproject.toml
// read with go-toml: PEP 621 dependencies and optional-dependencies, PEP
// 735 dependency-groups, Poetry's and uv's tables; requirements files).
func (a *analyzer) pythonDeps() map[string]bool {
	if a.pyDeps != nil {
		return a.pyDeps
	}
	a.pyDeps = map[string]bool{}
	d := a.hook.ProjectDir
	if d == "" {
		return a.pyDeps
	}
	if b, err := readRegular(filepath.Join(d, "pyproject.toml"), 1<<20); err == nil {
		var doc map[string]any
		if toml.Unmarshal(b, &doc) == nil {
			collectPyDeps(doc, false, a.pyDeps, 0)
		}
	}
	for _, req := range []string{"requirements.txt", "requirements-dev.txt", "dev-requirements.txt", "requirements/dev.txt"} {
		if b, err := readRegular(filepath.Join(d, filepath.FromSlash(req)), 1<<20); err == nil {
			for _, m := range pyReqLineRe.FindAllStringSubmatch(string(b), -1) {
				a.pyDeps[normPyName(m[1])] = true
			}
		}
	}
	return a.pyDeps
}

// collectPyDeps walks a pyproject document: under a key naming
// dependencies, list items are requirement strings and table keys are
// package names.
func collectPyDeps(v any, inDeps bool, out map[string]bool, depth int) {
	if depth > 8 {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			deps := inDeps || strings.Contains(strings.ToLower(k), "depend") || k == "group"
			if inDeps && k != "dependencies" && k != "python" {
				out[normPyName(k)] = true // Poetry's name = "version"
			}
			collectPyDeps(x, deps, out, depth+1)
		}
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok && inDeps {
				if m := pyReqLineRe.FindStringSubmatch(s); m != nil {
					out[normPyName(m[1])] = true
				}
				continue
			}
			collectPyDeps(x, inDeps, out, depth+1)
		}
	}
}

// typoOf: the name is one or two edits away from a well-known tool
// without being it (prettierr, eslnt).
func typoOf(name string) string {
	name = strings.ToLower(name)
	if _, ok := wellKnownTools[name]; ok || len(name) < 5 {
		return ""
	}
	for known := range wellKnownTools {
		if len(known) < 5 {
			continue
		}
		max := 1
		if len(known) >= 9 {
			max = 2
		}
		if d := editDistance(name, known); d > 0 && d <= max {
			return known
		}
	}
	return ""
}

// editDistance is the Damerau–Levenshtein distance (adjacent swaps count
// as one edit).
func editDistance(a, b string) int {
	if a == b {
		return 0
	}
	la, lb := len(a), len(b)
	d := make([][]int, la+1)
	for i := range d {
		d[i] = make([]int, lb+1)
		d[i][0] = i
	}
	for j := 0; j <= lb; j++ {
		d[0][j] = j
	}
	for i := 1; i <= la; i++ {
		for j := 1; j <= lb; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[la][lb]
}

// pkgName is a package spec without its version (eslint@9, @scope/x@1).
func pkgName(pkg string) string {
	if strings.HasPrefix(pkg, "@") {
		if i := strings.Index(pkg[1:], "@"); i >= 0 {
			return pkg[:i+1]
		}
		return pkg
	}
	name, _, _ := strings.Cut(pkg, "@")
	name, _, _ = strings.Cut(name, "==")
	return name
}

// gitShorthandRe: a package spec that names a git repository (npm's
// github:, gitlab:, bitbucket:, git://, and a bare owner/repo).
var gitShorthandRe = lazyRe(`^(?:github:|gitlab:|bitbucket:|gist:|git://|git@)|^[A-Za-z0-9][\w.-]*/[\w.-]+(?:#\S*)?$`)

// remotePackage judges a package a runner fetches and runs.
func (sh *shell) remotePackage(base, pkg string, n syntax.Node) {
	name := pkgName(pkg)
	if m := urlRe.FindStringSubmatch(pkg); m != nil || strings.HasPrefix(pkg, "git+") {
		ep := endpoint{Host: shortText(pkg, 40), Dynamic: true}
		if m != nil {
			ep = hostOf(m[2])
		}
		if !loopback(ep.Host) {
			sh.find(n, DownloadExec, LevelCritical, "downloads a package from %s and runs its code (%s)", ep, base)
		}
		return
	}
	if sh.a.declaredPkg(name) {
		return
	}
	if gitShorthandRe.MatchString(pkg) {
		// github:owner/repo, owner/repo (npx reads it as a GitHub
		// repository): code fetched from a repository and run
		sh.find(n, DownloadExec, LevelCritical, "downloads %s from a git repository and runs its code (%s)", pkg, base)
		return
	}
	if known := typoOf(name); known != "" {
		sh.find(n, RemotePackage, LevelCritical, "runs the package %s, a name one letter away from the well-known %s: what a typo-squat looks like (%s)", name, known, base)
		return
	}
	sh.find(n, RemotePackage, LevelReview, "downloads and runs the package %s from a registry each time it runs (%s)", pkg, base)
}

// installsFromURL: pip/npm/uv install of a URL, a git repository or a
// local archive fetched before.
func (sh *shell) installsFromURL(base string, pos []field, n syntax.Node) bool {
	found := false
	for _, p := range pos {
		if strings.HasPrefix(p.s, "-") {
			continue
		}
		if urlRe.MatchString(p.s) && (strings.HasPrefix(p.s, "http") || strings.HasPrefix(p.s, "git+") || strings.Contains(p.s, " @ ")) {
			sh.remotePackage(base, p.s, n)
			found = true
		}
	}
	return found
}
