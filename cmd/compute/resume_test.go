package main

import "testing"

// TestResumeCommand: the command printed after an interruption is the
// run's own, under the name the program was invoked by, with -resume once,
// without -claims, and quoted for a shell.
func TestResumeCommand(t *testing.T) {
	for _, tc := range []struct {
		program string
		args    []string
		want    string
		dropped bool
	}{
		{"compute", []string{"-table", "gneg1", "-n", "300"}, "compute -table gneg1 -n 300 -resume", false},
		{"compute", []string{"-resume", "-n", "300", "--resume=false"}, "compute -n 300 -resume", false},
		{"compute", []string{"-claims", "gneg1.*", "-n", "3"}, "compute -n 3 -resume", true},
		{"compute", []string{"-claims=gneg1.thm1", "-n", "3"}, "compute -n 3 -resume", true},
		{"compute", []string{"-out", "my dir/it's"}, `compute -out 'my dir/it'\''s' -resume`, false},
		{"compute", []string{"-out", ""}, "compute -out '' -resume", false},
		{"bin/compute", []string{"-n", "3"}, "bin/compute -n 3 -resume", false},
		{"/opt/my tools/compute", []string{"-n", "3"}, "'/opt/my tools/compute' -n 3 -resume", false},
	} {
		got, dropped := resumeCommand(tc.program, tc.args)
		if got != tc.want || dropped != tc.dropped {
			t.Errorf("resumeCommand(%q, %q) = %q, %v; want %q, %v", tc.program, tc.args, got, dropped, tc.want, tc.dropped)
		}
	}
}
