package trust

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// projectSitePackages are the site-packages folders of the virtual
// environments directly in the folder project (.venv/lib/python3.12/site-packages, a venv of any
// name with a pyvenv.cfg, PEP 582's __pypackages__/3.12/lib), once per
// discovery cache.
func (c *followCache) projectSitePackages(project string) []string {
	if c.sitePackages == nil {
		c.sitePackages = map[string][]string{}
	}
	if dirs, ok := c.sitePackages[project]; ok {
		return dirs
	}
	var dirs []string
	ents, _ := os.ReadDir(project)
	for _, e := range ents {
		env := filepath.Join(project, e.Name())
		if !isDir(env) {
			continue
		}
		if !exists(filepath.Join(env, "pyvenv.cfg")) && e.Name() != ".venv" && e.Name() != "venv" {
			if e.Name() == "__pypackages__" {
				m, _ := filepath.Glob(filepath.Join(env, "*", "lib"))
				dirs = append(dirs, m...)
			}
			continue
		}
		for _, pat := range []string{filepath.Join(env, "lib", "python*", "site-packages"), filepath.Join(env, "lib64", "python*", "site-packages"), filepath.Join(env, "Lib", "site-packages")} {
			m, _ := filepath.Glob(pat)
			dirs = append(dirs, m...)
		}
	}
	sort.Strings(dirs)
	c.sitePackages[project] = dirs
	return dirs
}

// venvSitePackages are the site-packages folders of the virtual
// environments in the folders from the script's and the working folders
// up to the project (a monorepo's backend/.venv as much as the root's).
func (d *discoverer) venvSitePackages(sc *scope) []string {
	var out []string
	seen := map[string]bool{}
	starts := append([]string{}, sc.cwds...)
	if sc.file != "" {
		starts = append(starts, filepath.Dir(sc.file))
	}
	for _, start := range starts {
		for dir := filepath.Clean(start); within(dir, d.project) && !seen[dir]; dir = filepath.Dir(dir) {
			seen[dir] = true
			out = append(out, d.cache.projectSitePackages(dir)...)
			if dir == d.project || filepath.Dir(dir) == dir {
				break
			}
		}
	}
	return out
}

// pythonVenvModule: a module a Python script imports that is not beside
// it nor in its working folder, but installed in one of the project's
// virtual environments, is loaded from there whenever the hook's python
// is that environment's (named by its path, or first on an activated
// PATH): the project's code, which a pull can change. Its entry
// (__init__.py, NAME.py, a compiled NAME.*.so) and its folder's listing
// are fingerprinted, and since the package's own modules are not
// followed, discovery is incomplete, naming the package (in every
// environment that has it: which one runs depends on the hook's python).
func (d *discoverer) pythonVenvModule(sc *scope, text string, offset int, name string) {
	for _, sp := range d.venvSitePackages(sc) {
		if !d.followable(sp) {
			continue
		}
		var entries []string
		pkg := filepath.Join(sp, name)
		if isDir(pkg) {
			d.addListing(sc, pkg, "site-packages")
			entries = append(entries, filepath.Join(pkg, "__init__.py"))
		}
		entries = append(entries, pkg+".py")
		for _, pat := range []string{pkg + ".*.so", pkg + ".so", pkg + ".*.pyd", pkg + ".pyd"} {
			m, _ := filepath.Glob(pat)
			entries = append(entries, m...)
		}
		found := isDir(pkg)
		for _, e := range entries {
			if exists(e) && !isDir(e) {
				how := FoundImport
				if !strings.HasSuffix(e, ".py") {
					how = FoundCompiled
				}
				d.addData(sc, e, "site-packages", how)
				if how == FoundImport {
					d.pythonCompiled(sc, e) // its __pycache__, which Python may load instead
				}
				found = true
			}
		}
		if found {
			rel, err := filepath.Rel(d.project, sp)
			if err != nil {
				rel = sp
			}
			d.reasonAt(sc, text, offset, ReasonLoads, "the package "+name+" from the project's virtual environment ("+rel+"), whose own modules Hookwarden does not follow")
		}
	}
}
