package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

func main() {
	if err := run(context.Background(), os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "package: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("package", flag.ContinueOnError)
	bin := fs.String("bin", "", "the built window binary (hookwarden)")
	observe := fs.String("observe", "", "the built observer binary (default: hookwarden-observe next to -bin)")
	root := fs.String("root", ".", "the repository (FyneApp.toml, the icon)")
	out := fs.String("out", "", "write the tarball and the .deb into this folder")
	install := fs.String("install", "", "install into this prefix instead (e.g. ~/.local)")
	uninstall := fs.String("uninstall", "", "remove what -install put into this prefix")
	arch := fs.String("arch", "amd64", "the binary's GOARCH (the packages' architecture)")
	date := fs.String("date", "", "release date YYYY-MM-DD (default: SOURCE_DATE_EPOCH, else today)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	modes := 0
	for _, v := range []string{*out, *install, *uninstall} {
		if v != "" {
			modes++
		}
	}
	if modes != 1 {
		return errors.New("give one of -out, -install and -uninstall")
	}
	meta, err := readFyneApp(filepath.Join(*root, "FyneApp.toml"))
	if err != nil {
		return err
	}
	when, err := releaseDate(*date)
	if err != nil {
		return err
	}
	meta.Date = when
	if *uninstall != "" {
		return uninstallFrom(*uninstall, meta)
	}
	if *bin == "" {
		return errors.New("-bin is required")
	}
	if abs, err := filepath.Abs(*bin); err == nil {
		*bin = abs
	}
	help, err := readHelp(ctx, *bin)
	if err != nil {
		return err
	}
	icon, err := os.ReadFile(filepath.Join(*root, meta.Icon))
	if err != nil {
		return fmt.Errorf("icon: %w", err)
	}
	exe, err := os.ReadFile(*bin)
	if err != nil {
		return fmt.Errorf("binary: %w", err)
	}
	if !bytes.HasPrefix(exe, []byte("\x7fELF")) {
		return fmt.Errorf("%s is not a Linux (ELF) binary", *bin)
	}
	// the observer hook `hookwarden record on` writes when it stands next
	// to hookwarden (cmd/hookwarden-observe)
	if *observe == "" {
		*observe = filepath.Join(filepath.Dir(*bin), observeName(meta))
	}
	obs, err := os.ReadFile(*observe)
	if err != nil {
		return fmt.Errorf("observer binary (make build builds it next to hookwarden): %w", err)
	}
	if !bytes.HasPrefix(obs, []byte("\x7fELF")) {
		return fmt.Errorf("%s is not a Linux (ELF) binary", *observe)
	}
	if *install != "" {
		prefix, err := filepath.Abs(expandHome(*install))
		if err != nil {
			return err
		}
		t, err := buildTree(meta, exe, obs, icon, help, filepath.Join(prefix, "bin", meta.Exec))
		if err != nil {
			return err
		}
		return installInto(prefix, t)
	}
	t, err := buildTree(meta, exe, obs, icon, help, "")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	base := fmt.Sprintf("%s-%s-linux-%s", meta.Exec, meta.Version, *arch)
	tarball := filepath.Join(*out, base+".tar.gz")
	if err := writeTarball(tarball, base, meta, t); err != nil {
		return fmt.Errorf("tarball: %w", err)
	}
	deb := filepath.Join(*out, fmt.Sprintf("%s_%s_%s.deb", meta.Exec, meta.Version, *arch))
	if err := writeDeb(deb, meta, *arch, t); err != nil {
		return fmt.Errorf(".deb: %w", err)
	}
	fmt.Println(tarball)
	fmt.Println(deb)
	return nil
}

// releaseDate is the date the metainfo and the man page carry.
func releaseDate(flagValue string) (time.Time, error) {
	if flagValue != "" {
		return time.Parse("2006-01-02", flagValue)
	}
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		var sec int64
		if _, err := fmt.Sscan(s, &sec); err != nil {
			return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q: %w", s, err)
		}
		return time.Unix(sec, 0).UTC(), nil
	}
	return time.Now().UTC(), nil
}

func expandHome(p string) string {
	if p == "~" || len(p) > 1 && p[:2] == "~/" {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, p[1:])
		}
	}
	return p
}
