package gemini

import (
	"strings"
	"testing"
)

// fakeStatFS is a file system of fixed stats; links maps a link to its
// target (Stat follows one level).
type fakeStatFS struct {
	stats map[string]fileStat
	links map[string]string
}

func (f fakeStatFS) Lstat(p string) (fileStat, bool, error) {
	if _, ok := f.links[p]; ok {
		st := f.stats[p]
		st.IsSymlink = true
		return st, true, nil
	}
	st, ok := f.stats[p]
	return st, ok, nil
}

func (f fakeStatFS) Stat(p string) (fileStat, bool, error) {
	if target, ok := f.links[p]; ok {
		p = target
	}
	st, ok := f.stats[p]
	return st, ok, nil
}

func (f fakeStatFS) Realpath(p string) (string, error) {
	for link, target := range f.links {
		if p == link || strings.HasPrefix(p, link+"/") {
			return target + strings.TrimPrefix(p, link), nil
		}
	}
	return p, nil
}

func TestSystemFileInsecurity(t *testing.T) {
	dir := func(uid, perm uint32) fileStat { return fileStat{UID: uid, Mode: 0o040000 | perm, IsDir: true} }
	file := func(uid, perm uint32) fileStat { return fileStat{UID: uid, Mode: 0o100000 | perm, IsFile: true} }
	secure := map[string]fileStat{"/": dir(0, 0o755), "/etc": dir(0, 0o755), "/etc/g": dir(0, 0o755), "/etc/g/settings.json": file(0, 0o644)}
	with := func(changes map[string]fileStat) map[string]fileStat {
		out := map[string]fileStat{}
		for k, v := range secure {
			out[k] = v
		}
		for k, v := range changes {
			out[k] = v
		}
		return out
	}
	tests := []struct {
		name string
		fs   fakeStatFS
		want string // "" secure, else a prefix of the reason
	}{
		{"root-owned chain", fakeStatFS{stats: secure}, ""},
		{"missing file", fakeStatFS{stats: map[string]fileStat{"/": dir(0, 0o755)}}, ""},
		{"file not owned by root", fakeStatFS{stats: with(map[string]fileStat{"/etc/g/settings.json": file(1000, 0o644)})},
			"File is insecure: File '/etc/g/settings.json' is not owned by root (uid 0). Current uid: 1000."},
		{"group-writable file", fakeStatFS{stats: with(map[string]fileStat{"/etc/g/settings.json": file(0, 0o664)})},
			"File is insecure: File '/etc/g/settings.json' is writable by group or others (mode: 100664)."},
		{"world-writable folder above (like /tmp)", fakeStatFS{stats: with(map[string]fileStat{"/etc": dir(0, 0o1777)})},
			"Parent directory '/etc' is insecure: Directory '/etc' is writable by group or others (mode: 41777)."},
		{"user-owned folder", fakeStatFS{stats: with(map[string]fileStat{"/etc/g": dir(501, 0o755)})},
			"Parent directory '/etc/g' is insecure: Directory '/etc/g' is not owned by root"},
		{"file is a folder", fakeStatFS{stats: with(map[string]fileStat{"/etc/g/settings.json": dir(0, 0o755)})},
			"File is insecure: Not a file"},
		{"link to an insecure target", fakeStatFS{
			stats: with(map[string]fileStat{"/home": dir(0, 0o755), "/home/u": dir(1000, 0o755), "/home/u/s.json": file(1000, 0o644)}),
			links: map[string]string{"/etc/g/settings.json": "/home/u/s.json"}},
			"File is insecure: File '/etc/g/settings.json' is not owned by root"},
		{"link not owned by root", fakeStatFS{
			stats: with(map[string]fileStat{"/etc/g/settings.json": file(1000, 0o644), "/home": dir(0, 0o755), "/home/s.json": file(0, 0o644)}),
			links: map[string]string{"/etc/g/settings.json": "/home/s.json"}},
			"File is insecure: Symlink '/etc/g/settings.json' is not owned by root"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := systemFileInsecurity(tt.fs, "/etc/g/settings.json")
			if tt.want == "" && got != "" || tt.want != "" && !strings.HasPrefix(got, tt.want) {
				t.Errorf("got %q, want prefix %q", got, tt.want)
			}
		})
	}
}
