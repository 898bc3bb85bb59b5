package solver

import "testing"

func TestFormsIsomorphism(t *testing.T) {
	f := NewForms()
	tests := []struct {
		name string
		a, b Game
		same bool
	}{
		{"heap 3 and Subtraction(ℕ₊) 3", NimHeap(3), SubtractionHeap(AllBut(), 3), true},
		{"terminal positions", DeleteNim.Position(0, 0), VDN.Position(1, 1), true},
		{"Wythoff ⟨0, 2⟩ and heap 2", Wythoff.Position(0, 2), NimHeap(2), true},
		// ⟨1, 1⟩ has three options, two of them a heap of 1; heap 2 has two.
		{"Wythoff ⟨1, 1⟩ and heap 2", Wythoff.Position(1, 1), NimHeap(2), false},
		// Equal values, different trees: chain(2) → chain(1) → chain(0).
		{"chain(2) and heap 0", chain(2), NimHeap(0), false},
		{"heap 1 and heap 2", NimHeap(1), NimHeap(2), false},
		{"VDN ⟨3, 4⟩ and Delete Nim ⟨2, 3⟩", VDN.Position(3, 4), DeleteNim.Position(2, 3), true},
	}
	for _, tt := range tests {
		if got := f.ID(tt.a) == f.ID(tt.b); got != tt.same {
			t.Errorf("%s: same tree %v, want %v", tt.name, got, tt.same)
		}
	}
	if id := f.ID(NimHeap(0)); id != 0 {
		t.Errorf("terminal tree has number %d, want 0", id)
	}
}
