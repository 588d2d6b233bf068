// Package testenv is what Hookwarden's tests share to run on a busy or
// fresh machine without touching the real one:
//
//   - Missing: a conformance kit, a real agent CLI or a program is not
//     there: skip the test, or fail it when CI=true (where everything must
//     be present), in one place instead of one copy per package;
//   - KitDir: the conformance kit folder, or Missing;
//   - Isolate and CleanEnv: a throw-away HOME, XDG folders and agent
//     folders, and no BASH_ENV/ENV, for tests that start processes;
//   - CacheDir and WithFileLock: one private cache for installs made by
//     tests, and a lock so that packages tested in parallel install once;
//   - SettingsSeeds, WriteFile and HomeAndProject: the settings files
//     every JSON fuzz target starts from, writing a fixture file, and a
//     home and project written from a map of files; CommandHook and
//     HooksJSON: the text of a hooks object with one matcher group;
//   - Alive and WaitUntil: a process check that does not count zombies as
//     alive, and waiting on an event with a generous cap instead of a
//     deadline a loaded machine can miss.
//
// It is imported by tests only.
package testenv
