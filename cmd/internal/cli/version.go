package cli

import (
	"runtime/debug"

	"github.com/grundy-lab/grundy/results"
)

// Version is the program's version for -version and for the provenance of
// reports: the main module's version from the build information (v1.2.3
// for go install …@v1.2.3), or for a build from a checkout, which has
// none ("(devel)"), results.Version, the version written into every result
// file; then the VCS revision with "+dirty" for uncommitted changes, when
// the build recorded them (go build in a checkout does; go run and go test
// do not). It is results.Version in a binary built without module
// information.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return results.Version
	}
	return versionOf(info)
}

// versionOf is Version of the build information info.
func versionOf(info *debug.BuildInfo) string {
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = results.Version
	}
	var revision, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if revision != "" {
		v += " " + revision + dirty
	}
	return v
}
