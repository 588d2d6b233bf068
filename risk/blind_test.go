package risk

import (
	"path/filepath"
	"testing"
)

// blindFloors are what the analyser scored on each held-out set of
// testdata/blind when that set was first run. Each set was written by a
// helper who never saw the rules or the other sets; its rows are not tuned
// on, and its floor only stops the analyser from getting worse on it (the
// issue's goals, F1 ≥ 0.95, benign flagged ≤ 5 %, review-recall ≥ 80 %,
// are not all met).
//   - blind2.jsonl: 134 rows, rules frozen at the risk branch's f416e6d
//     (2026-12-01); 0.830 F1, review-recall 32 % at blind3's first run.
//   - blind3.jsonl: 167 rows, written while the rules of the risk branch's
//     a7c73ee were built, first run on them merged (2026-12-02): F1 0.586,
//     benign critical 2.7 %, flagged 9.6 %, review-recall 76.7 %. It was
//     then made a development set (risk3, 2026-12-02: its misses studied
//     and fixed as categories): F1 0.954, benign critical 0 %, flagged
//     9.6 %, review-recall 80.0 %; its floor is that, less a margin. It no
//     longer measures fresh cases: blind4 and blind5 do.
//   - blind4.jsonl: 150 rows (64 real from 25 new repositories), written
//     blind while risk3's rules were being built (kept from their writer),
//     first run on the frozen rules (risk3 2869b2a, 2026-12-02): F1 0.549
//     (0.434 on the rules before that round), benign critical 10.3 %,
//     flagged 22.1 %, review-recall 79.3 %.
//   - blind5.jsonl: 136 rows (56 real from 26 new repositories), written
//     after the rules were frozen (04:00 UTC, 2026-12-02), first run on
//     them: F1 0.809 (0.641 before that round), benign critical 0 %,
//     flagged 11.3 %, review-recall 70.8 %.
//   - blind4 and blind5 were then made development sets (risk4,
//     2026-12-02: their misses studied and fixed as categories, blind2
//     still never read): blind4 F1 0.753, benign critical 0 %, flagged
//     11.8 %, review-recall 79.3 %; blind5 F1 0.876, 0 %, 9.7 %, 75.0 %;
//     their floors are that. Fresh cases are measured by blind6.
//   - blind6.jsonl: 136 rows (58 real from 24 new repositories), written
//     after risk4's rules were frozen (545520e, 06:37 UTC 2026-12-02),
//     first run on them and on the merged main: F1 0.817 (0.791 before that
//     round), benign critical 1.6 %, flagged 11.3 %, review-recall 56.5 %
//     (60.9 % before). Its rows key some scripts as the command names
//     them, under a spelling of the project's root ($CLAUDE_PROJECT_DIR/,
//     "$(git rev-parse --show-toplevel)"/): the harness placed those at a
//     literal "$CLAUDE_PROJECT_DIR" folder, so the analyser never read them
//     and called 25 hooks broken. Placed where the command finds them
//     (risk5, 2026-12-02), the same rules score F1 0.809, benign critical
//     1.6 %, flagged 12.9 %, review-recall 69.6 %.
//   - blind3–blind6 were then development sets (risk5, 2026-12-02: their
//     misses studied as categories, blind2 still never read); the floors
//     are what the rules frozen for blind7 score: blind4 F1 0.828,
//     flagged 8.8 %; blind5 0.889 (floor 0.888), 6.5 %; blind6 0.931 (floor 0.930), benign critical
//     0 %, flagged 11.3 %, review-recall 87.0 %.
//   - blind7.jsonl: 140 rows (56 real from 23 new repositories), written
//     blind from 08:40 to 09:01 UTC 2026-12-02 by a helper who read no
//     code, rule or earlier set (README-blind7.md), kept from risk5's
//     writer; first run on risk5's frozen rules (63a478d, 09:59 UTC) and on
//     the merged main: F1 0.816, benign critical 6.5 %, flagged 14.5 %,
//     review-recall 75.0 % — below the rules before that round (b718b6d
//     with the harness fix: F1 0.830, 4.8 %, 11.3 %, 67.9 %): risk5's first
//     rule commit (2aafdb8, orders hidden from the user, here-document
//     text judged when printed) is where blind7's precision fell; measured
//     by aggregate per commit, its rows not read.
//   - blind8.jsonl: 143 rows (56 real from 15 new repositories), written
//     blind from 11:55 to 12:10 UTC 2026-12-02 by a helper who read no
//     code, rule or earlier set (README-blind8.md), kept from risk6's
//     writer; first run on the rules of main before risk6 (99043be) and on
//     risk6's frozen rules (443ae27, 13:16 UTC): both score F1 0.893
//     (P 0.885, R 0.902), benign critical 7.8 %, flagged 25.0 %,
//     review-recall 82.1 %. risk6 moved no held-out figure (blind7 stayed
//     at 0.816 / 6.5 % / 14.5 % / 75.0 %, blind2 F1 0.878).
//   - risk6 (2026-12-02) studied blind3–blind6 again for precision:
//     blind4's floor rises to its new F1, 0.837 (floor 0.836; a setup message read as
//     an order); the others are unchanged.
//   - risk7 (2026-12-02) made blind7 a development set (its benign
//     critical and flagged rows studied as categories; blind2 and blind8
//     never read): blind7 F1 0.854, benign critical 1.6 %, flagged 4.8 %,
//     review-recall 75.0 %; blind5 flagged 4.8 %, blind6 flagged 9.7 %
//     (commands from literal tables); the floors are that. Part of it was
//     unsound: a table with an entry from the hook's input, a variable or
//     an append read as its literals alone (none). Only tables of literals
//     count now, and blind7 flags 6.5 %, blind6 11.3 % (blind7-069's
//     {bin: npxBin, args: [..., filePath]} and blind6's table are review
//     again, as before risk7); the floors are that.
//   - risk8 (2026-12-02) studied blind3–blind7 again (blind2 and blind8
//     never read): wrappers of wrappers, stderr on a blocking exit read as
//     an order, rclone's inline remotes and filters, find -exec's {} below
//     a credential folder, reversed literals, sed -n s///p of a file into
//     a shell, arrays joined by IFS. blind4 F1 0.848 (floor 0.847), blind7
//     F1 0.911 (floor 0.910); the other figures do not move. Measured by
//     aggregate on the merged main (924b7a0): blind2 F1 0.889 (was 0.878),
//     benign flagged 1.9 %, review-recall 32.0 %; blind8 F1 0.913 (was
//     0.893), benign critical 6.2 % (was 7.8 %), flagged 25.0 %,
//     review-recall 82.1 % — the floors of both rise to that.
//   - blind9.jsonl: 147 rows (57 real from 16 new repositories), written
//     blind from 14:50 to 15:00 UTC 2026-12-02 by a helper who read no
//     code, rule or earlier set (README-blind9.md), while risk8 worked and
//     never read by it; first run on main before risk8 (f6ab2fc) and on
//     risk8's frozen rules merged (924b7a0): both F1 0.928 (P 0.978,
//     R 0.882), benign critical 1.5 %, flagged 11.8 %, review-recall
//     92.9 %.
//   - blind10.jsonl: 144 rows (56 real from 22 repositories in none used
//     before, 88 written), written blind from 18:37 to 18:59 UTC
//     2026-12-02 by a helper who read no code, rule or earlier set
//     (README-blind10.md), while risk9 worked and never read by it; first
//     run on main before risk9 (8a4ea05) and on risk9's frozen rules
//     merged (410de1e in a1934ec): both F1 0.863 (P 0.891, R 0.837),
//     benign critical 4.2 %, flagged 5.6 %, review-recall 78.3 %.
//   - risk10 (2026-12-02) fixed the harness: a row whose command finds
//     its scripts through git ("$(git rev-parse --show-toplevel)/x.sh")
//     now runs in a project that is a git repository (analyseRow,
//     gitProject). Before, git had no repository to answer from, the
//     scripts were never found and those hooks read as broken (none) —
//     silently, whatever their scripts did. With the same rules (the
//     harness change alone, measured by aggregate, rows not read) the
//     exposed rows move blind2 to F1 0.889, benign flagged 5.6 % (was
//     1.9 %), review-recall 32.0 %; blind9 to F1 0.939 (was 0.928),
//     flagged 16.2 % (was 11.8 %), review-recall 96.4 % (was 92.9 %);
//     blind10 to F1 0.898 (was 0.863), flagged 8.3 % (was 5.6 %),
//     review-recall 78.3 %; blind3 to flagged 11.0 %, review-recall
//     90.0 %; blind4 to F1 0.840 (core.hooksPath reset to
//     "$(git rev-parse --git-dir)/hooks" read critical). risk10's rule
//     for that (git's own hooks folder is no finding, also through a
//     variable) brings blind4 back to F1 0.848 and moves no held-out
//     aggregate. The flagged floors of blind2, blind9, blind10 and blind3
//     (11.0 %) and the F1 and review-recall floors that rose are re-based
//     to these figures: the old ones measured hooks the harness never
//     analysed. risk10's other rules (git stash checkpoints, package
//     runners' --from, env-file lines written from code) move no held-out
//     aggregate. A first version of the stash rule (any "git stash
//     apply/pop" text after the push) brought blind3's flagged back to
//     9.6 %; it also took an echo's words ("run git stash pop to
//     restore") for the pop, so it now needs the pop where a command
//     starts, outside quotes (or a trap's command), and blind3 stays at
//     11.0 % (floor 0.1096), measured by aggregate, its rows not read.
//   - blind11.jsonl: 150 rows (52 real from 26 repositories in none used
//     before — 459 excluded —, 98 written, over all five agents), written
//     blind from 00:14 to 00:27 UTC 2026-12-03 by a helper who read no
//     code, rule or earlier set (README-blind11.md), after risk10's rules
//     were frozen (5c05786, 23:49 UTC). First run: on main before that
//     round (09fa9fb) F1 0.896 (P 0.935, R 0.860), benign critical 1.4 %,
//     flagged 11.0 %, review-recall 88.9 %; on risk10's frozen rules and on
//     main after its merge F1 0.940 (P 0.940, R 0.940), benign critical
//     1.4 %, flagged 11.0 %, review-recall 96.3 %. Its floor is that run.
//   - blind12.jsonl: 142 rows (49 real from 17 repositories in none used
//     before — 501 excluded —, 93 written, over all five agents), written
//     blind from 05:29 to 05:42 UTC 2026-12-03 by a helper who read no
//     code, rule or earlier set (README-blind12.md), after risk11's rules
//     were frozen (b660860, 05:09 UTC). First run, the same on main before
//     that round (bdd2ff5), on risk11's frozen rules and on main after its
//     merge: F1 0.889 (P 0.952, R 0.833), benign critical 1.5 %, flagged
//     12.1 %, review-recall 71.4 %. Its floor is that run.
//   - blind13.jsonl: 150 rows (45 real from 24 repositories in none used
//     before — 422 excluded, real4's among them —, 105 written, over all
//     five agents), written blind from 07:55 to 08:19 UTC 2026-12-03 by a
//     helper who read no code, rule or earlier set (README-blind13.md),
//     after risk12's rules were frozen (cd4e5ed, 07:50 UTC). First run,
//     the same on main before that round (443ba19), on the frozen rules
//     and on main after the merges: F1 0.976 (P 1.000, R 0.953), benign
//     critical 0 %, flagged 1.5 %, review-recall 84.2 %. Its floor is that
//     run. Its real rows are nearly all benign (43 of 45).
//   - blind14.jsonl: 138 rows (35 real from 18 repositories in none used
//     before — 475 excluded, real4's and real5's among them —, 103
//     written, over all five agents), written blind from 10:32 to 10:51
//     UTC 2026-12-03 by a helper who read no code, rule or earlier set
//     (README-blind14.md), after risk13's rules were frozen (ef7f5ed,
//     10:25 UTC). First run, the same on main before that round
//     (9b84c06), on the frozen rules and on main after the merges: F1
//     0.891 (P 0.882, R 0.900), benign critical 3.4 %, flagged 12.1 %,
//     review-recall 93.3 %. Its floor is that run.
//   - blind15.jsonl: 159 rows (43 real from 13 repositories in none used
//     before — 536 excluded —, owners n–z only, while the rule writer
//     took new real rows from owners a–m; 116 written, over all five
//     agents), written blind from 13:42 to 13:53 UTC 2026-12-03 by a
//     helper who read no code, rule or earlier set (README-blind15.md),
//     kept from risk14's rule writer until its rules were frozen
//     (2d82f33, 14:42 UTC). First run on the frozen rules and on main
//     after the merges: F1 0.911 (P 0.944, R 0.879), benign critical 0 %,
//     flagged 10.1 %, review-recall 65.6 %; on main before that round
//     (190ac13) the same but flagged 8.7 %. Its floor is the frozen run.
//   - blind16.jsonl: 170 rows (50 real from 21 repositories in none used
//     before — 553 excluded —, owners n–z and digits only, while the rule
//     writer took new real rows from owners a–m; 120 written, over all
//     five agents), written blind from 16:22 to 16:33 UTC 2026-12-03 by a
//     helper who read no code, rule or earlier set (README-blind16.md),
//     kept from risk15's rule writer until its rules were frozen
//     (4a85ca8, 17:23 UTC). First run on the frozen rules: F1 0.933
//     (P 0.949, R 0.918), benign critical 1.2 %, flagged 12.3 %,
//     review-recall 89.3 %; on main before that round (0bf4696) the same
//     but flagged 13.6 %. Its floor is the frozen run.
//   - blind17.jsonl: 179 rows (46 real from 22 repositories in none used
//     before — 577 excluded —, owners a–m only, while the rule writer
//     took new real rows from owners n–z and digits; 133 written, over all
//     five agents), written blind from 19:46 to 20:04 UTC 2026-12-03 by a
//     helper who read no code, rule or earlier set (README-blind17.md),
//     kept from risk16's rule writer, whose rules were frozen at a48d12c
//     (20:27 UTC). First run on the frozen rules: F1 0.925 (P 0.925,
//     R 0.925), benign critical 4.1 %, flagged 13.5 %, review-recall
//     81.6 %; the same on main before that round (6c18c38) and after
//     risk16's three post-freeze safety fixes. Its floor is the frozen run.
//   - risk16 raised blind10 (F1 0.898 -> 0.907, benign critical 4.2 ->
//     2.8 %, flagged 8.3 -> 6.9 %) and blind4 (F1 0.848 -> 0.857, flagged
//     8.8 -> 7.4 %); their floors were raised to that run.
//   - blind5.jsonl re-based (2026-12-03): Copilot CLI's custom agents
//     (.github/agents/*.md) were found to start the MCP servers of their
//     frontmatter without asking (atk7, live), so that folder joined
//     Copilot's agent files (Facts.Config), as Claude Code's .claude/agents/
//     is, and a hook writing there is self-tampering (critical). One
//     benign blind5 row now reads critical: F1 0.889 -> 0.879, benign
//     critical 0 -> 1.6 %, flagged 4.8 -> 6.5 % (measured by aggregate with
//     and without that one facts entry; the row was not read).
//   - risk15 (frozen 2026-12-03, by aggregate only, rows not read): a
//     program and its argument list read as one command line in Ruby and
//     Perl (system('git', 'push', …)) and Node (spawn/execFile/execa, but
//     git), and a project program named by a parameter read: blind12
//     review-recall 71.4 -> 78.6 %, blind8 82.1 -> 89.3 %; the floors of
//     both rise to that. No other figure moved.
var blindFloors = map[string]struct {
	f1, benignCrit, benignFlagged, reviewRecall float64
}{
	"blind2.jsonl":  {f1: 0.888, benignCrit: 0.0, benignFlagged: 0.0556, reviewRecall: 0.32},
	"blind3.jsonl":  {f1: 0.94, benignCrit: 0.0, benignFlagged: 0.1096, reviewRecall: 0.899},
	"blind4.jsonl":  {f1: 0.857, benignCrit: 0.0, benignFlagged: 0.0736, reviewRecall: 0.862},
	"blind5.jsonl":  {f1: 0.878, benignCrit: 0.0162, benignFlagged: 0.0646, reviewRecall: 0.75},
	"blind6.jsonl":  {f1: 0.930, benignCrit: 0.0, benignFlagged: 0.1130, reviewRecall: 0.869},
	"blind7.jsonl":  {f1: 0.910, benignCrit: 0.0162, benignFlagged: 0.0646, reviewRecall: 0.75},
	"blind9.jsonl":  {f1: 0.938, benignCrit: 0.0148, benignFlagged: 0.1618, reviewRecall: 0.964},
	"blind10.jsonl": {f1: 0.907, benignCrit: 0.0278, benignFlagged: 0.0695, reviewRecall: 0.782},
	"blind11.jsonl": {f1: 0.939, benignCrit: 0.0137, benignFlagged: 0.1096, reviewRecall: 0.962},
	"blind12.jsonl": {f1: 0.888, benignCrit: 0.0152, benignFlagged: 0.1213, reviewRecall: 0.785},
	"blind13.jsonl": {f1: 0.975, benignCrit: 0.0, benignFlagged: 0.0150, reviewRecall: 0.842},
	"blind14.jsonl": {f1: 0.890, benignCrit: 0.0345, benignFlagged: 0.1207, reviewRecall: 0.933},
	"blind15.jsonl": {f1: 0.910, benignCrit: 0.0, benignFlagged: 0.1015, reviewRecall: 0.656},
	"blind16.jsonl": {f1: 0.933, benignCrit: 0.0124, benignFlagged: 0.1235, reviewRecall: 0.892},
	"blind17.jsonl": {f1: 0.925, benignCrit: 0.0406, benignFlagged: 0.1352, reviewRecall: 0.815},
	"blind8.jsonl":  {f1: 0.912, benignCrit: 0.0625, benignFlagged: 0.2500, reviewRecall: 0.892},
}

// TestBlindHeldOut measures the analyser on each held-out blind set and
// fails when it scores below the floor measured at its first run. Misses
// are logged with -v but are not to be fixed row by row: a fix must be a
// category.
func TestBlindHeldOut(t *testing.T) {
	files, err := filepath.Glob("testdata/blind/*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(blindFloors) {
		t.Errorf("testdata/blind holds %d sets and blindFloors %d: give each set its floor at its first run", len(files), len(blindFloors))
	}
	for _, file := range files {
		name := filepath.Base(file)
		floor, ok := blindFloors[name]
		if !ok {
			t.Errorf("%s has no floor", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			var m metrics
			for _, r := range loadRowsFrom(t, file) {
				want, err := r.level()
				if err != nil {
					t.Fatalf("%s: label %q", r.ID, r.Label)
				}
				got := analyseRow(t, r).Level
				m.count(want, got)
				if got != want {
					t.Logf("%-8s→%-8s %s [%s]", want, got, r.ID, r.Kind)
				}
			}
			t.Logf("%s: %s", name, m)
			const eps = 1e-9
			if m.f1()+eps < floor.f1 {
				t.Errorf("F1(critical) = %.3f, below its first run's %.3f", m.f1(), floor.f1)
			}
			if got := ratio(m.benignCrit, m.benign); got > floor.benignCrit+eps+0.01 {
				t.Errorf("benign critical = %.1f%%, want ≤ 1%%", 100*got)
			}
			if got := ratio(m.benignFlagged, m.benign); got > floor.benignFlagged+eps {
				t.Errorf("benign flagged = %.1f%%, above its first run's %.1f%%", 100*got, 100*floor.benignFlagged)
			}
			if got := ratio(m.riskyReviewed, m.risky); got+eps < floor.reviewRecall {
				t.Errorf("review-recall = %.1f%%, below its first run's %.1f%%", 100*got, 100*floor.reviewRecall)
			}
		})
	}
}
