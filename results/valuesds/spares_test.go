package valuesds

import (
	"runtime"
	"slices"
	"testing"
)

// TestWriterKeepsPartBuffers: a Writer's parts reuse the buffers of the
// parts before them (encoder, file, row digests), though the garbage
// collector runs between them, as it does every few megabytes of a values
// run: once the spares are warm, a part of G₋₁'s band (2048 rows, V =
// 200) allocates less than 1% of what the first did (about 50 KB against
// 18 MB; 2.9 MB when the encoders were kept in a sync.Pool, 320 KB when
// the row digests' slice was not reused).
func TestWriterKeepsPartBuffers(t *testing.T) {
	const block, parts = 2048, 10
	sweep := gneg1BandRows(t, 0, block*parts, 200)
	table := Rows{Start: sweep.Start, Y: sweep.Y, Value: sweep.Value}
	w, err := Create(datasetDir(t), testMeta(block*parts-1, 0, 200), Options{BlockRows: block})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	allocated := func() uint64 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.TotalAlloc
	}
	perPart := make([]uint64, parts)
	warmUp := cap(partEncoders.kept) + 1
	for p := range parts {
		before := allocated()
		rows := rowsFrom(table, p*block, (p+1)*block)
		if err := w.WriteRows(rows.X0, rows.Start, rows.Y, rows.Value); err != nil {
			t.Fatal(err)
		}
		if err := w.wait(); err != nil {
			t.Fatal(err)
		}
		perPart[p] = allocated() - before
		runtime.GC() // twice: a sync.Pool keeps its values through one
		runtime.GC()
	}
	// The spares may hold the smaller encoders of other tests, grown in
	// the first parts; the last part, at the table's end, is left out:
	// its rows hold fewer values.
	first := slices.Max(perPart[:warmUp])
	for p := warmUp; p < parts-1; p++ {
		if perPart[p] > first/100 {
			t.Errorf("part %d allocated %d bytes, the first parts up to %d: want less than 1%% (bytes a part: %v)", p, perPart[p], first, perPart)
		}
	}
}
