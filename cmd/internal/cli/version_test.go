package cli

import (
	"runtime/debug"
	"testing"

	"github.com/grundy-lab/grundy/results"
)

func TestVersionOf(t *testing.T) {
	tests := []struct {
		main     string
		settings []debug.BuildSetting
		want     string
	}{
		{"v1.2.0", nil, "v1.2.0"},
		{"", nil, results.Version},
		{"(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: "05c107d"}, {Key: "vcs.modified", Value: "false"}}, results.Version + " 05c107d"},
		{"(devel)", []debug.BuildSetting{{Key: "vcs.revision", Value: "05c107d"}, {Key: "vcs.modified", Value: "true"}}, results.Version + " 05c107d+dirty"},
	}
	for _, tt := range tests {
		info := &debug.BuildInfo{Main: debug.Module{Version: tt.main}, Settings: tt.settings}
		if got := versionOf(info); got != tt.want {
			t.Errorf("versionOf(%q, %v) = %q, want %q", tt.main, tt.settings, got, tt.want)
		}
	}
	if Version() == "" {
		t.Error("Version() is empty")
	}
}
