package main

import (
	"fmt"
	"os"
	"time"

	"github.com/pelletier/go-toml/v2"
)

// appMeta is what the packages say about the app: FyneApp.toml (the file
// the Fyne tooling reads) and its [LinuxAndBSD] section.
type appMeta struct {
	Name, ID, Version, Icon, Website string
	GenericName, Comment             string
	Categories, Keywords             []string
	// Exec is the binary's name (hookwarden).
	Exec string
	Date time.Time
}

func readFyneApp(path string) (appMeta, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return appMeta{}, err
	}
	var doc struct {
		Website string
		Details struct {
			Icon, Name, ID, Version string
		}
		LinuxAndBSD struct {
			GenericName, Comment string
			Categories, Keywords []string
		}
	}
	if err := toml.Unmarshal(data, &doc); err != nil {
		return appMeta{}, fmt.Errorf("%s: %w", path, err)
	}
	m := appMeta{Name: doc.Details.Name, ID: doc.Details.ID, Version: doc.Details.Version, Icon: doc.Details.Icon,
		Website: doc.Website, GenericName: doc.LinuxAndBSD.GenericName, Comment: doc.LinuxAndBSD.Comment,
		Categories: doc.LinuxAndBSD.Categories, Keywords: doc.LinuxAndBSD.Keywords, Exec: "hookwarden"}
	switch {
	case m.Name == "" || m.ID == "" || m.Version == "" || m.Icon == "":
		return appMeta{}, fmt.Errorf("%s: [Details] needs Name, ID, Version and Icon", path)
	case len(m.Categories) == 0 || m.Comment == "":
		return appMeta{}, fmt.Errorf("%s: [LinuxAndBSD] needs Categories and Comment (the .desktop file and the metainfo)", path)
	}
	return m, nil
}
