package risk

import "testing"

// TestCodeWritesUnderHome: the home folder spelled as the HOME variable
// (getenv("HOME"), ENV["HOME"], os.environ.get("HOME")) is the home folder
// for a write as for a read, in every language the code reader knows.
func TestCodeWritesUnderHome(t *testing.T) {
	cases := []struct {
		cmd  string
		want Level
	}{
		{`php -r 'file_put_contents(getenv("HOME")."/.bash_profile", "export PATH=/tmp/x:$PATH\n", FILE_APPEND);'`, LevelCritical},
		{`ruby -e 'File.write(ENV["HOME"] + "/.ssh/authorized_keys", "x")'`, LevelCritical},
		{`python3 -c "import os; open(os.environ.get('HOME')+'/.zshrc','a').write('x')"`, LevelCritical},
		{`php -r 'file_put_contents(getenv("HOME")."/notes/today.txt", "x");'`, LevelNone},
		{`perl -e 'open(my $f, ">>", "$ENV{HOME}/.bashrc"); print $f "x";'`, LevelCritical},
		{`perl -e 'open(F, ">$ENV{HOME}/.ssh/authorized_keys"); print F "x";'`, LevelCritical},
		{`ruby -e 'File.open("#{ENV["HOME"]}/.zshrc", "a") { |f| f.puts "x" }'`, LevelCritical},
		{`perl -e 'open(my $f, "<", "$ENV{HOME}/.bashrc"); print <$f>;'`, LevelNone},
		{`perl -e 'open(my $f, ">>", "/tmp/hook.log"); print $f "x";'`, LevelNone},
		{`pwsh -Command "Add-Content -Path $HOME/.bashrc -Value 'x'"`, LevelCritical},
		{`pwsh -Command "Set-Content -Path $env:USERPROFILE\.ssh\authorized_keys -Value 'x'"`, LevelCritical},
		{`pwsh -Command "Add-Content -Path $HOME/notes.txt -Value 'x'"`, LevelNone},
	}
	for _, c := range cases {
		r := Analyze(Hook{Agent: "claude", Event: "Stop", Command: c.cmd}, Options{Agents: testAgents})
		if r.Level != c.want {
			t.Errorf("%s: level %s, want %s: %+v", c.cmd, r.Level, c.want, r.Findings)
		}
	}
}
