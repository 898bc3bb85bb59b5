// Package josephus holds the claims of Takahashi, Manabe, Murakami,
// Miyadera, "Josephus Nim" (arXiv 2312.02477): the Grundy sets 𝒢_s
// (Lemmas 1.1–1.4, Theorem 1.1), the Josephus problem (Lemmas 2.1–2.2,
// Theorems 2.1–2.2) and the abstract, on the Josephus Nim solver, the
// Josephus circle and the table josephusnim.
package josephus
