package risk

import "testing"

// TestSudoPackageListRefreshIsReview: refreshing the system's package
// lists (sudo apt-get update) before installing named packages from the
// distribution is the package manager's own job, as the install is: review,
// not critical. familyguardian/guardian's SessionStart
// scripts/setup_testenv.sh ($SUDO apt-get update -qq; $SUDO apt-get
// install -y -qq "${APT_PACKAGES[@]}") read critical for the update alone.
// An option that changes where it reads from (-o Dir::Etc=…) or a shell
// through sudo stay critical.
func TestSudoPackageListRefreshIsReview(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Level
	}{
		{`SUDO=sudo; PK=(dbus faketime); $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${PK[@]}"`, LevelReview},
		{`sudo apt-get update`, LevelReview},
		{`sudo apk update`, LevelReview},
		{`sudo apt-get update -o Dir::Etc::sourcelist=/tmp/evil.list`, LevelCritical},
		{`sudo apt-get update; sudo bash -c "id"`, LevelCritical},
	} {
		r := Analyze(Hook{Agent: "claude", Event: "SessionStart", Command: tc.cmd}, Options{Agents: testAgents})
		if r.Level != tc.want {
			t.Errorf("%q: level %s (%v), want %s", tc.cmd, r.Level, r.Findings, tc.want)
		}
	}
}
