package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// machineMemory returns the machine's total memory in bytes from
// /proc/meminfo; ok is false where that cannot be read, and then no
// memory check is made.
func machineMemory() (total int64, ok bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}
