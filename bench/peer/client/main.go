// Command client is the fan-out benchmark's xDS client written in Go: the same job as
// bench/fanout-clients.ts (N ADS streams, Delta or SotW, one HTTP/2 connection and one node id
// each, subscribing like Envoy and ACKing every response, reporting when each stream received the
// update the driver announced), spoken over the same IPC channel (node's line-delimited JSON on
// the fd in NODE_CHANNEL_FD). It exists to measure the servers with a cheaper client: the client
// shares the machine's cores with the server it measures.
//
// Receive times are CLOCK_MONOTONIC nanoseconds, the clock of node's process.hrtime.bigint().
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	core "github.com/envoyproxy/go-control-plane/envoy/config/core/v3"
	discovery "github.com/envoyproxy/go-control-plane/envoy/service/discovery/v3"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/protobuf/encoding/protowire"
	"pier.dev/bench/peer/internal/clock"
)

const (
	clusterType  = "type.googleapis.com/envoy.config.cluster.v3.Cluster"
	endpointType = "type.googleapis.com/envoy.config.endpoint.v3.ClusterLoadAssignment"
	// Connections opened at once: thousands in one burst overflow the server's accept backlog.
	connectBatch = 250
)

type subscription struct {
	TypeURL string   `json:"typeUrl"`
	Names   []string `json:"names"`
}

// toClients is every message the driver sends (one struct; kind says which fields are set).
type toClients struct {
	Kind           string         `json:"kind"`
	Address        string         `json:"address"`
	Gateway        string         `json:"gateway"`
	Protocol       string         `json:"protocol"`
	Streams        int            `json:"streams"`
	Subscriptions  []subscription `json:"subscriptions"`
	OwnConnection  bool           `json:"ownConnection"`
	FollowClusters bool           `json:"followClusters"`
	Update         int            `json:"update"`
	TypeURL        string         `json:"typeUrl"`
}

type channel struct {
	mu  sync.Mutex
	out *os.File
}

func (c *channel) send(message map[string]any) {
	line, err := json.Marshal(message)
	if err != nil {
		panic(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := c.out.Write(append(line, '\n')); err != nil {
		os.Exit(0) // the driver went away: nothing to report to
	}
}

func cpuMicros() int64 {
	return clock.CPUNs() / 1000
}

type armed struct {
	update         int
	typeURL        string
	times          []string
	seen           map[*client]bool
	tokens         map[string]bool
	resourceCounts map[int]bool
}

// fleet is the shared state of all streams: the measurement window and the initial sync.
type fleet struct {
	ch       *channel
	mu       sync.Mutex
	clients  []*client
	types    []string
	ready    map[*client]bool
	synced   bool
	started  time.Time
	window   *armed
	stray    int
	closing  bool
	expected int
}

type client struct {
	f        *fleet
	index    int
	delta    bool
	follow   bool
	conn     *grpc.ClientConn
	cancel   context.CancelFunc
	answered map[string]bool // guarded by f.mu
	names    map[string][]string
	latest   map[string][2]string // SotW: version and nonce per type
	sentNode bool
	node     *core.Node
	deltaS   discovery.AggregatedDiscoveryService_DeltaAggregatedResourcesClient
	sotwS    discovery.AggregatedDiscoveryService_StreamAggregatedResourcesClient
}

func (c *client) takeNode() *core.Node {
	if c.sentNode {
		return nil
	}
	c.sentNode = true
	return c.node
}

func (c *client) sendDelta(typeURL, nonce string, subscribe, unsubscribe []string) error {
	return c.deltaS.Send(&discovery.DeltaDiscoveryRequest{
		Node: c.takeNode(), TypeUrl: typeURL, ResourceNamesSubscribe: subscribe, ResourceNamesUnsubscribe: unsubscribe, ResponseNonce: nonce,
	})
}

func (c *client) sendSotw(typeURL, version, nonce string) error {
	return c.sotwS.Send(&discovery.DiscoveryRequest{
		Node: c.takeNode(), VersionInfo: version, ResourceNames: c.names[typeURL], TypeUrl: typeURL, ResponseNonce: nonce,
	})
}

// clusterName reads field 1 (name) of an encoded Cluster without decoding the rest.
func clusterName(b []byte) string {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return ""
		}
		b = b[n:]
		if num == 1 && typ == protowire.BytesType {
			v, m := protowire.ConsumeBytes(b)
			if m < 0 {
				return ""
			}
			return string(v)
		}
		m := protowire.ConsumeFieldValue(num, typ, b)
		if m < 0 {
			return ""
		}
		b = b[m:]
	}
	return ""
}

func (c *client) run(ctx context.Context, subs []subscription, opened *sync.WaitGroup) {
	var err error
	api := discovery.NewAggregatedDiscoveryServiceClient(c.conn)
	if c.delta {
		c.deltaS, err = api.DeltaAggregatedResources(ctx)
	} else {
		c.sotwS, err = api.StreamAggregatedResources(ctx)
	}
	opened.Done()
	if err != nil {
		c.f.ended(c, err)
		return
	}
	for _, s := range subs {
		c.names[s.TypeURL] = s.Names
		if c.delta {
			err = c.sendDelta(s.TypeURL, "", s.Names, nil)
		} else {
			err = c.sendSotw(s.TypeURL, "", "")
		}
		if err != nil {
			c.f.ended(c, err)
			return
		}
	}
	for {
		if c.delta {
			err = c.onDelta()
		} else {
			err = c.onSotw()
		}
		if err != nil {
			c.f.ended(c, err)
			return
		}
	}
}

func (c *client) onDelta() error {
	resp, err := c.deltaS.Recv()
	if err != nil {
		return err
	}
	at := clock.MonotonicNs()
	tokens := make([]string, len(resp.Resources))
	upserted := make([]string, len(resp.Resources))
	for i, r := range resp.Resources {
		upserted[i] = r.Name
		tokens[i] = r.Name + "@" + r.Version
	}
	if c.follow && resp.TypeUrl == clusterType {
		current := map[string]bool{}
		for _, n := range c.names[endpointType] {
			current[n] = true
		}
		var subscribe, unsubscribe []string
		for _, n := range upserted {
			if !current[n] {
				subscribe = append(subscribe, n)
				current[n] = true
			}
		}
		for _, n := range resp.RemovedResources {
			if current[n] {
				unsubscribe = append(unsubscribe, n)
				delete(current, n)
			}
		}
		if len(subscribe)+len(unsubscribe) > 0 {
			names := make([]string, 0, len(current))
			for n := range current {
				names = append(names, n)
			}
			c.names[endpointType] = names
			if err := c.sendDelta(endpointType, "", subscribe, unsubscribe); err != nil {
				return err
			}
		}
	}
	if err := c.sendDelta(resp.TypeUrl, resp.Nonce, nil, nil); err != nil {
		return err
	}
	c.f.response(c, resp.TypeUrl, tokens, len(resp.Resources), at)
	return nil
}

func (c *client) onSotw() error {
	resp, err := c.sotwS.Recv()
	if err != nil {
		return err
	}
	at := clock.MonotonicNs()
	c.latest[resp.TypeUrl] = [2]string{resp.VersionInfo, resp.Nonce}
	if c.follow && resp.TypeUrl == clusterType {
		clusters := make([]string, len(resp.Resources))
		for i, a := range resp.Resources {
			clusters[i] = clusterName(a.GetValue())
		}
		sort.Strings(clusters)
		current := append([]string(nil), c.names[endpointType]...)
		sort.Strings(current)
		if strings.Join(clusters, "\n") != strings.Join(current, "\n") {
			c.names[endpointType] = clusters
			latest := c.latest[endpointType]
			if err := c.sendSotw(endpointType, latest[0], latest[1]); err != nil {
				return err
			}
		}
	}
	if err := c.sendSotw(resp.TypeUrl, resp.VersionInfo, resp.Nonce); err != nil {
		return err
	}
	c.f.response(c, resp.TypeUrl, []string{resp.VersionInfo}, len(resp.Resources), at)
	return nil
}

func (f *fleet) ended(c *client, err error) {
	f.mu.Lock()
	closing := f.closing
	f.mu.Unlock()
	if !closing {
		f.ch.send(map[string]any{"kind": "failed", "message": fmt.Sprintf("stream %d ended: %v", c.index, err)})
	}
}

func (f *fleet) response(c *client, typeURL string, tokens []string, resources int, at int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c.answered[typeURL] = true
	if !f.synced {
		if !f.ready[c] {
			all := true
			for _, t := range f.types {
				all = all && c.answered[t]
			}
			if all {
				f.ready[c] = true
				if len(f.ready) == f.expected {
					f.synced = true
					f.ch.send(map[string]any{"kind": "ready", "ms": time.Since(f.started).Milliseconds()})
				}
			}
		}
		return
	}
	w := f.window
	if w == nil || typeURL != w.typeURL || w.seen[c] {
		f.stray++
		return
	}
	w.times = append(w.times, strconv.FormatInt(at, 10))
	w.seen[c] = true
	for _, t := range tokens {
		w.tokens[t] = true
	}
	w.resourceCounts[resources] = true
	if len(w.seen) == f.expected {
		f.window = nil
		keys := func(m map[string]bool) []string {
			out := make([]string, 0, len(m))
			for k := range m {
				out = append(out, k)
			}
			return out
		}
		counts := make([]int, 0, len(w.resourceCounts))
		for k := range w.resourceCounts {
			counts = append(counts, k)
		}
		f.ch.send(map[string]any{"kind": "received", "update": w.update, "times": w.times, "tokens": keys(w.tokens), "resourceCounts": counts})
	}
}

func (f *fleet) connect(m toClients) {
	f.mu.Lock()
	f.started = time.Now()
	f.expected = m.Streams
	for _, s := range m.Subscriptions {
		f.types = append(f.types, s.TypeURL)
	}
	hasEds := false
	for _, t := range f.types {
		hasEds = hasEds || t == endpointType
	}
	if m.FollowClusters && !hasEds {
		f.types = append(f.types, endpointType)
	}
	f.mu.Unlock()
	var shared *grpc.ClientConn
	dial := func() (*grpc.ClientConn, error) {
		return grpc.NewClient(m.Address, grpc.WithTransportCredentials(insecure.NewCredentials()))
	}
	for start := 0; start < m.Streams; start += connectBatch {
		var opened sync.WaitGroup
		for i := start; i < m.Streams && i < start+connectBatch; i++ {
			conn := shared
			if conn == nil {
				var err error
				if conn, err = dial(); err != nil {
					f.ch.send(map[string]any{"kind": "failed", "message": fmt.Sprintf("connecting: %v", err)})
					return
				}
				if !m.OwnConnection {
					shared = conn
				}
			}
			ctx, cancel := context.WithCancel(context.Background())
			c := &client{
				f: f, index: i, delta: m.Protocol == "delta", follow: m.FollowClusters, conn: conn, cancel: cancel,
				answered: map[string]bool{}, names: map[string][]string{}, latest: map[string][2]string{},
				node: &core.Node{Id: fmt.Sprintf("bench-%d", i), Cluster: m.Gateway, UserAgentName: "envoy", UserAgentVersionType: &core.Node_UserAgentVersion{UserAgentVersion: "bench"}},
			}
			f.mu.Lock()
			f.clients = append(f.clients, c)
			f.mu.Unlock()
			opened.Add(1)
			go c.run(ctx, m.Subscriptions, &opened)
		}
		opened.Wait()
	}
}

func main() {
	fd, err := strconv.Atoi(os.Getenv("NODE_CHANNEL_FD"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "client: run me from node with an IPC channel (NODE_CHANNEL_FD)")
		os.Exit(2)
	}
	ipc := os.NewFile(uintptr(fd), "ipc")
	f := &fleet{ch: &channel{out: ipc}, ready: map[*client]bool{}}
	in := bufio.NewScanner(ipc)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	for in.Scan() {
		var m toClients
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			continue // node's own internal messages, if any
		}
		switch m.Kind {
		case "connect":
			go f.connect(m)
		case "arm":
			f.mu.Lock()
			f.window = &armed{update: m.Update, typeURL: m.TypeURL, seen: map[*client]bool{}, tokens: map[string]bool{}, resourceCounts: map[int]bool{}}
			stray := f.stray
			f.mu.Unlock()
			f.ch.send(map[string]any{"kind": "armed", "update": m.Update, "stray": stray, "cpuMicros": cpuMicros()})
		case "close":
			f.mu.Lock()
			f.closing = true
			clients := f.clients
			f.mu.Unlock()
			for _, c := range clients {
				c.cancel()
				_ = c.conn.Close()
			}
			f.ch.send(map[string]any{"kind": "closed"})
			time.Sleep(100 * time.Millisecond)
			os.Exit(0)
		}
	}
	os.Exit(0) // the driver went away
}
