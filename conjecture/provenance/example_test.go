package provenance_test

import (
	"fmt"
	"strings"

	"github.com/grundy-lab/grundy/conjecture/provenance"
)

func ExampleProvenance_Lines() {
	p := provenance.New("verify", "v1.2.0", []string{"-claims-from", "my patterns.json", "-in", "out"})
	p.AddG("out/gneg1_n10000.arrow", "b7d5009ff0bb740c")
	if err := p.AddFile("my patterns.json", strings.NewReader("{}")); err != nil {
		fmt.Println(err)
	}
	fmt.Print(p.Lines("- "))
	// Output:
	// - program: verify v1.2.0
	// - command: verify -claims-from 'my patterns.json' -in out
	// - input: out/gneg1_n10000.arrow (g_sha256 b7d5009ff0bb740c)
	// - input: my patterns.json (file_sha256 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a)
}
