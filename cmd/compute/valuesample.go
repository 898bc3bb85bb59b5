package main

import (
	"github.com/grundy-lab/grundy/engine"
	"github.com/grundy-lab/grundy/results"
	"github.com/grundy-lab/grundy/tables"
)

// closedForms are the tables whose g column the disk estimate compresses
// from a closed form instead of interpolating recorded sizes: Josephus
// Nim's file takes 0.0078 to 0.0167 bytes a cell for g between
// neighbouring n (erraticValueSize), which no interpolation follows.
var closedForms = map[string]func(x, y int) int32{"josephusnim": tables.JosephusNimValue}

// valueSampleBands is how many full bands sampledValueBytes compresses.
// Against every recorded Josephus Nim file from n = 10⁴ to 10⁵, 16 bands
// planned the g column within −1.1% … +3.1% of what all the bands take
// (8 bands: −2.2% … +0.5%, 32: −0.2% … +0.3%); it takes 0.08 s at n = 10⁴
// and 0.7 s at 10⁵ (AMD EPYC).
const valueSampleBands = 16

// sampledValueBytes is the size of the g buffers of table id's file at
// side n, tile rows a band, with compression c, measured on bands filled
// from the table's closed form and compressed as the writer compresses
// them: every band when there are at most valueSampleBands, else the
// middle band of each of valueSampleBands equal stretches of the full
// bands, their mean times the full bands, plus the last, shorter band.
// ok is false, and the estimate interpolates, for a table without a
// closed form, a file without compression, or bands of more than
// sizedBandCells cells.
func sampledValueBytes(id string, n, tile int, c results.Compression) (bytes float64, ok bool) {
	value, ok := closedForms[id]
	width := n + 1
	rows := min(tile, width)
	if !ok || c == results.None || rows > sizedBandCells/width {
		return 0, false
	}
	sizer := results.NewBatchSizer(c)
	cells := make([]int32, rows*width)
	measure := func(band int) float64 {
		x0 := band * tile
		b := engine.Band{X0: x0, Rows: min(tile, width-x0), Width: width}
		b.Cells = cells[:b.Rows*width]
		for i := range b.Rows {
			row := b.Cells[i*width : (i+1)*width]
			for y := range row {
				row[y] = value(x0+i, y)
			}
		}
		_, values, err := sizer.Bytes(b)
		if err != nil {
			panic(err) // the band is built well-formed above
		}
		return float64(values)
	}
	full := width / tile
	if full+1 <= valueSampleBands {
		for band := range (width + tile - 1) / tile {
			bytes += measure(band)
		}
		return bytes, true
	}
	var sampled float64
	for k := range valueSampleBands {
		sampled += measure((2*k + 1) * full / (2 * valueSampleBands))
	}
	bytes = sampled / valueSampleBands * float64(full)
	if width%tile != 0 {
		bytes += measure(full)
	}
	return bytes, true
}
