package results

import (
	"sync"

	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/klauspost/compress/zstd"
)

// pooledZstd is arrow's zstd codec for Parquet with one encoder per level,
// made once: arrow v17's EncodeLevel builds a new encoder, with its
// window buffers, for every page it compresses, and clearing those buffers
// took a third of the CPU of writing a values dataset of many small pages
// (pprof: runtime.memclrNoHeapPointers under mallocgcLarge). An Encoder's
// EncodeAll may be called from any number of goroutines at once.
type pooledZstd struct {
	compress.Codec
	mu       sync.Mutex
	encoders map[int]*zstd.Encoder
}

// EncodeLevel compresses src at level into dst, as arrow's codec does.
func (c *pooledZstd) EncodeLevel(dst, src []byte, level int) []byte {
	return c.encoder(level).EncodeAll(src, dst[:0])
}

// encoder is the encoder of level, made on first use.
func (c *pooledZstd) encoder(level int) *zstd.Encoder {
	c.mu.Lock()
	defer c.mu.Unlock()
	if enc, ok := c.encoders[level]; ok {
		return enc
	}
	speed := zstd.EncoderLevelFromZstd(level)
	if level == compress.DefaultCompressionLevel {
		speed = zstd.SpeedDefault
	}
	enc, err := zstd.NewWriter(nil, zstd.WithZeroFrames(true), zstd.WithEncoderLevel(speed))
	if err != nil {
		panic("results: zstd encoder: " + err.Error()) // only for options this code never gives
	}
	c.encoders[level] = enc
	return enc
}

func init() {
	codec, err := compress.GetCodec(compress.Codecs.Zstd)
	if err != nil {
		panic("results: arrow has no zstd codec: " + err.Error())
	}
	compress.RegisterCodec(compress.Codecs.Zstd, &pooledZstd{Codec: codec, encoders: make(map[int]*zstd.Encoder)})
}
