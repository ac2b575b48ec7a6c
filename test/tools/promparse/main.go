// promparse reads the Prometheus text exposition format on stdin with Prometheus' own parser
// (github.com/prometheus/common/expfmt) and prints the metric families as JSON on stdout.
// The end-to-end tests use it to check what Pier's /metrics serves. Exit status 1: not valid.
package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

type sample struct {
	Labels  map[string]string  `json:"labels"`
	Value   *float64           `json:"value,omitempty"`
	Count   *uint64            `json:"count,omitempty"`
	Sum     *float64           `json:"sum,omitempty"`
	Buckets map[string]uint64  `json:"buckets,omitempty"`
}

type family struct {
	Name    string   `json:"name"`
	Help    string   `json:"help"`
	Type    string   `json:"type"`
	Samples []sample `json:"samples"`
}

func main() {
	parser := expfmt.NewTextParser(model.UTF8Validation)
	families, err := parser.TextToMetricFamilies(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	names := make([]string, 0, len(families))
	for n := range families {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]family, 0, len(names))
	for _, n := range names {
		mf := families[n]
		f := family{Name: n, Help: mf.GetHelp(), Type: mf.GetType().String()}
		for _, m := range mf.Metric {
			s := sample{Labels: map[string]string{}}
			for _, l := range m.Label {
				s.Labels[l.GetName()] = l.GetValue()
			}
			switch {
			case m.Counter != nil:
				s.Value = finite(m.Counter.GetValue())
			case m.Gauge != nil:
				s.Value = finite(m.Gauge.GetValue())
			case m.Untyped != nil:
				s.Value = finite(m.Untyped.GetValue())
			case m.Histogram != nil:
				c := m.Histogram.GetSampleCount()
				s.Count, s.Sum = &c, finite(m.Histogram.GetSampleSum())
				s.Buckets = map[string]uint64{}
				for _, b := range m.Histogram.Bucket {
					s.Buckets[fmt.Sprint(b.GetUpperBound())] = b.GetCumulativeCount()
				}
			case m.Summary != nil:
				c := m.Summary.GetSampleCount()
				s.Count, s.Sum = &c, finite(m.Summary.GetSampleSum())
			}
			f.Samples = append(f.Samples, s)
		}
		out = append(out, f)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// finite is v, or nil (no value in the JSON, which has no NaN or infinities) when it is not a
// finite number: a valid exposition (prom-client's event-loop lag gauges are NaN when scraped
// twice within the monitor's resolution).
func finite(v float64) *float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}
