package conjecture

import "testing"

// TestMarkErrata: a printed claim that fails is an erratum only when its
// correction holds in the same run; a failing correction, a correction not
// run, and a claim without one stay failures.
func TestMarkErrata(t *testing.T) {
	claims := []Claim{{ID: "p.table2"}, {ID: "p.table2.corrected"}, {ID: "p.thm4"}, {ID: "p.thm4.printed"}, {ID: "p.lem1"}, {ID: "p.lem2"}, {ID: "p.lem2.corrected"}}
	tests := []struct {
		name    string
		reports []Report
		want    map[string]Status
	}{
		{"correction holds", []Report{{ID: "p.table2", Status: Fails}, {ID: "p.table2.corrected", Status: Holds}},
			map[string]Status{"p.table2": Erratum, "p.table2.corrected": Holds}},
		{"printed reading", []Report{{ID: "p.thm4", Status: Holds}, {ID: "p.thm4.printed", Status: Fails}},
			map[string]Status{"p.thm4": Holds, "p.thm4.printed": Erratum}},
		{"correction fails too", []Report{{ID: "p.table2", Status: Fails}, {ID: "p.table2.corrected", Status: Fails}},
			map[string]Status{"p.table2": Fails, "p.table2.corrected": Fails}},
		{"correction not run", []Report{{ID: "p.lem2", Status: Fails}}, map[string]Status{"p.lem2": Fails}},
		{"correction vacuous", []Report{{ID: "p.lem2", Status: Fails}, {ID: "p.lem2.corrected", Status: Vacuous}},
			map[string]Status{"p.lem2": Fails}},
		{"no correction", []Report{{ID: "p.lem1", Status: Fails}}, map[string]Status{"p.lem1": Fails}},
	}
	for _, tt := range tests {
		MarkErrata(tt.reports, Corrections(claims))
		for _, r := range tt.reports {
			if want, ok := tt.want[r.ID]; ok && r.Status != want {
				t.Errorf("%s: %s is %s, want %s", tt.name, r.ID, r.Status, want)
			}
			if (r.Status == Erratum) != (r.CorrectedBy != "") {
				t.Errorf("%s: %s is %s with CorrectedBy %q", tt.name, r.ID, r.Status, r.CorrectedBy)
			}
		}
	}
}
