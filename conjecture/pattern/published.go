package pattern

// The papers whose theorems state patterns of the smallest values.
const (
	goishiHiroi = "Abuku, Fukui, Katayama, Suetsugu, Relationship between misère nim and two-player goishi hiroi (arXiv 2412.03996)"
	passPaper   = "Manabe, Miyadera, Suetsugu, On the Sprague-Grundy values of games with a pass"
)

// published lists, per table, the items of the papers that state the
// pattern of a value, by value.
var published = map[string][]string{
	"gneg1":     {"Theorem 4(1)", "Theorem 4(2)", "Theorem 4(3)", "Theorem 4(4)"},
	"gstarneg1": {"Theorem 5(1)", "Theorem 5(2)", "Theorem 5(3)", "Theorem 5(4)"},
	"passnim":   {"Lemma 4(a)", "Lemma 4(b)", "Lemma 4(c)"},
}

// Published names the item and the paper that already state where value v
// lies in table (an id such as "gneg1"), or "", "" when no paper does:
// Theorems 4 and 5 of the goishi-hiroi paper for G₋₁ and G*₋₁, v ≤ 3, and
// Lemma 4 of the pass paper for G_P, v ≤ 2.
func Published(table string, v int) (item, paper string) {
	items := published[table]
	if v < 0 || v >= len(items) {
		return "", ""
	}
	if table == "passnim" {
		return items[v], passPaper
	}
	return items[v], goishiHiroi
}
