//go:build !linux

package valuesds

// exchangeDirs would swap the directories a and b in one step; outside
// Linux it is not offered.
func exchangeDirs(a, b string) error { return errNoExchange }
