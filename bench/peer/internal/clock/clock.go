// Package clock has the two clocks the benchmark's Go programs report in: the monotonic clock
// node's process.hrtime.bigint() reads (so times compare across processes) and the process's
// CPU time.
package clock

import "golang.org/x/sys/unix"

// MonotonicNs is CLOCK_MONOTONIC in nanoseconds.
func MonotonicNs() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		panic(err)
	}
	return ts.Nano()
}

// CPUNs is the process's user and system CPU time in nanoseconds.
func CPUNs() int64 {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
