package trust

import (
	"path/filepath"
	"slices"
	"strings"
)

// What a command may open of the project by itself. A program whose code
// Hookwarden reads to the end (a shell script it follows, a builtin) or
// that only reads the files it is handed (inertPrograms) opens nothing of
// the folder it runs in unless the command line says so; a tool known to
// load the project's code (codeLoaders, make, npm run) is followed where
// it does. Any other program — one of the machine Hookwarden does not
// know, an interpreter running code (its opens are computed), a binary —
// may read a file of its folder by a rule of its own (mytool loading
// ./.mytoolrc.js): discovery cannot list that, so it names the program
// (Discovery.Foreign) and only a run can show what it opens.

// foreign notes a program run in a folder of the project whose code
// Hookwarden does not read to the end.
func (d *discoverer) foreign(sc *scope, name string) {
	if name == "" || !d.runsInProject(sc) || slices.Contains(d.out.Foreign, name) {
		return
	}
	d.out.Foreign = append(d.out.Foreign, name)
}

// runsInProject reports whether sc's folder may be the project's (or is
// known only at run time).
func (d *discoverer) runsInProject(sc *scope) bool {
	if sc.cwds == nil {
		return true
	}
	for _, c := range sc.cwds {
		if within(c, d.project) {
			return true
		}
	}
	return false
}

// foreignProgram notes the program a command ends in when Hookwarden
// neither knows it nor read it: by name, one that is not a builtin and
// not known to read only its arguments; by path, one outside the project
// that is not a shell script discovery followed (a program of the
// project is the project's code already).
func (d *discoverer) foreignProgram(first cmdWord, name string, sc *scope) {
	prog := first.v.text
	if !strings.ContainsRune(prog, '/') {
		if !shellBuiltins[name] && !inertPrograms[name] {
			d.foreign(sc, name)
		}
		return
	}
	for _, p := range d.resolve(sc, first.w, prog) {
		p = physical(p)
		if within(p, d.project) || slices.Contains(d.out.followed, p) {
			return
		}
	}
	d.foreign(sc, filepath.Base(prog))
}

// ForeignReach is what of the project a command may open that discovery
// cannot list: the programs of Foreign, in words ("mytool, python3"), or
// "" when there are none.
func (d Discovery) ForeignReach() string {
	return strings.Join(d.Foreign, ", ")
}
