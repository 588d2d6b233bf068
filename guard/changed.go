package guard

import (
	"context"
	"strings"
)

// ChangedFiles are the files, relative to repo's top, that the git command
// running gitHook changed, at most max of them; nil when git cannot say.
// From post-index-change git has written the work tree but not yet moved
// HEAD (a pull, a reset): what differs from HEAD; from the hooks that run
// after HEAD moved (post-merge, post-checkout, post-rewrite, …): what the
// move changed, HEAD@{1} to HEAD.
func ChangedFiles(ctx context.Context, repo *Repo, gitHook string, max int) []string {
	args := []string{"diff", "--name-only", "-z", "HEAD@{1}", "HEAD", "--"}
	if gitHook == "post-index-change" {
		args = []string{"diff", "--name-only", "-z", "HEAD", "--"}
	}
	out, err := git(ctx, repo.Top, args...)
	if err != nil {
		return nil
	}
	var files []string
	for _, f := range strings.Split(out, "\x00") {
		if f == "" {
			continue
		}
		files = append(files, f)
		if len(files) == max {
			break
		}
	}
	return files
}
