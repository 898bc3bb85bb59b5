package main

import "testing"

// TestResumeCommand: the command printed after an interruption is the
// run's own with -resume once, without -claims, and quoted for a shell.
func TestResumeCommand(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		want    string
		dropped bool
	}{
		{[]string{"-table", "gneg1", "-n", "300"}, "compute -table gneg1 -n 300 -resume", false},
		{[]string{"-resume", "-n", "300", "--resume=false"}, "compute -n 300 -resume", false},
		{[]string{"-claims", "gneg1.*", "-n", "3"}, "compute -n 3 -resume", true},
		{[]string{"-claims=gneg1.thm1", "-n", "3"}, "compute -n 3 -resume", true},
		{[]string{"-out", "my dir/it's"}, `compute -out 'my dir/it'\''s' -resume`, false},
		{[]string{"-out", ""}, "compute -out '' -resume", false},
	} {
		got, dropped := resumeCommand(tc.args)
		if got != tc.want || dropped != tc.dropped {
			t.Errorf("resumeCommand(%q) = %q, %v; want %q, %v", tc.args, got, dropped, tc.want, tc.dropped)
		}
	}
}
