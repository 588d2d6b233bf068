package risk

import "testing"

// TestCommandsThatChangeStateOutsideTheProject: hooks that wipe a
// database's data or kill processes by name do something the user should
// approve (review), as a deployment or a remote change does; the same
// programs reading are none.
// Found by spelling risky-but-legitimate Stop and SessionStart hooks
// (issue 24's missed reviews, risk14); each review case reads none on main.
func TestCommandsThatChangeStateOutsideTheProject(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Level
	}{
		{`psql "$DATABASE_URL" -c 'TRUNCATE sessions'`, LevelReview},
		{`psql -d app_test -c "DROP TABLE IF EXISTS users CASCADE"`, LevelReview},
		{`mysql -u root -e 'DROP DATABASE IF EXISTS test_db'`, LevelReview},
		{`sqlite3 dev.db "DELETE FROM events"`, LevelReview},
		{`redis-cli FLUSHALL`, LevelReview},
		{`redis-cli -n 2 flushdb`, LevelReview},
		{`mongosh app --eval 'db.dropDatabase()'`, LevelReview},
		{`supabase db reset`, LevelReview},
		{`pkill -f 'next dev' || true`, LevelReview},
		{`killall node`, LevelReview},
		// reading, or the project's own settings
		{`psql "$DATABASE_URL" -c 'SELECT count(*) FROM users'`, LevelNone},
		{`sqlite3 dev.db ".tables"`, LevelNone},
		{`redis-cli ping`, LevelNone},
		{`git config core.hooksPath .githooks`, LevelReview},
		{`supabase status`, LevelNone},
	} {
		r := Analyze(Hook{Agent: "claude", Event: "Stop", Command: tc.cmd, ProjectDir: t.TempDir()}, Options{Agents: testAgents})
		if r.Level != tc.want {
			t.Errorf("%s: level %s, want %s: %v", tc.cmd, r.Level, tc.want, r.Findings)
		}
	}
}
