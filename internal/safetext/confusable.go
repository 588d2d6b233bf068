package safetext

import (
	"unicode"
	"unicode/utf8"
)

// alphabets are the scripts whose letters pass for one another (Latin a,
// Cyrillic а, Greek α); a word that mixes two of them is suspicious.
// Mixes with other scripts (Latin and Han in "USB接続") are ordinary.
var alphabets = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Latin", unicode.Latin},
	{"Cyrillic", unicode.Cyrillic},
	{"Greek", unicode.Greek},
	{"Armenian", unicode.Armenian},
	{"Cherokee", unicode.Cherokee},
	{"Coptic", unicode.Coptic},
}

const latin = 0

// latinLookalikes are letters of other alphabets that are drawn like a
// Latin letter in common fonts (after Unicode's confusables.txt).
var latinLookalikes = map[rune]bool{}

func init() {
	for _, r := range "аВвЕеһіјКкМмНОоРрСсТтуХхѕԁԛԝүӏАЅІЈ" + // Cyrillic
		"ΑΒΕΖΗΙΚΜΝΟΡΤΥΧανικορτυχ" + // Greek
		"ԱՏՕօոսհ" + // Armenian
		"ᎪᏴᏟᎠᎬᎻᏆᏦᎷᏒᏚᎢᏙᏔᎳ" { // Cherokee
		latinLookalikes[r] = true
	}
}

// alphabetOf returns the index in alphabets of r's script, or -1.
func alphabetOf(r rune) int {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' {
			return latin
		}
		return -1
	}
	for i, a := range alphabets {
		if unicode.Is(a.table, r) {
			return i
		}
	}
	return -1
}

// confusables marks, by byte offset, the letters of s that pass for
// letters of another script: in a word (a run of letters, marks and
// digits) that mixes alphabets, the letters outside its main one (Latin
// when present, else the most frequent); and every letter of a word written
// in another alphabet only with Latin look-alikes, when s has Latin
// letters elsewhere.
func confusables(s string) []bool {
	var marks []bool
	hasLatinOutside := func(start, end int) bool {
		for i := 0; i < len(s); i++ {
			if (i < start || i >= end) && ('a' <= s[i] && s[i] <= 'z' || 'A' <= s[i] && s[i] <= 'Z') {
				return true
			}
		}
		return false
	}
	word := func(start, end int) {
		var count [8]int
		used := 0
		for _, r := range s[start:end] {
			if a := alphabetOf(r); a >= 0 {
				if count[a] == 0 {
					used++
				}
				count[a]++
			}
		}
		if used == 0 {
			return
		}
		main := latin
		if count[latin] == 0 {
			for i := range alphabets {
				if count[i] > count[main] {
					main = i
				}
			}
		}
		mark := func(keep func(a int, r rune) bool) {
			for i, r := range s[start:end] {
				if a := alphabetOf(r); a >= 0 && !keep(a, r) {
					if marks == nil {
						marks = make([]bool, len(s))
					}
					marks[start+i] = true
				}
			}
		}
		switch {
		case used > 1:
			mark(func(a int, _ rune) bool { return a == main })
		case main != latin && hasLatinOutside(start, end):
			for _, r := range s[start:end] {
				if alphabetOf(r) >= 0 && !latinLookalikes[r] {
					return
				}
			}
			mark(func(int, rune) bool { return false })
		}
	}
	start := -1
	for i, r := range s {
		inWord := unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r)
		switch {
		case inWord && start < 0:
			start = i
		case !inWord && start >= 0:
			word(start, i)
			start = -1
		}
	}
	if start >= 0 {
		word(start, len(s))
	}
	return marks
}
