// Command peer is the benchmark's reference point: go-control-plane serving, over ADS (Delta and
// SotW), the resources of Pier's fan-out fixture, so that the same client measures both servers
// on the same machine. It binds loopback only and is driven through stdin, one command a line,
// answering on stdout (the same protocol as bench/peer-pier-server.ts):
//
//	update K   apply update K of the fixture (new endpoints for one cluster), the idiomatic way for
//	           the cache in use; answers "applied K <monotonic ns before> <cpu ns before>"
//	cpu        answers "cpu <process CPU ns>"
//	streams    answers "streams <open ADS streams>"
//	mem        answers "mem <rss bytes> <heap in use bytes>" after a garbage collection
//
// It exits when stdin closes.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"

	core "github.com/envoyproxy/go-control-plane/envoy/config/core/v3"
	discoverygrpc "github.com/envoyproxy/go-control-plane/envoy/service/discovery/v3"
	"github.com/envoyproxy/go-control-plane/pkg/cache/types"
	"github.com/envoyproxy/go-control-plane/pkg/cache/v3"
	"github.com/envoyproxy/go-control-plane/pkg/resource/v3"
	"github.com/envoyproxy/go-control-plane/pkg/server/v3"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/types/known/anypb"
	"pier.dev/bench/peer/internal/clock"

	// The message types of the fixture's resources and of the Any values inside them.
	_ "github.com/envoyproxy/go-control-plane/envoy/config/cluster/v3"
	_ "github.com/envoyproxy/go-control-plane/envoy/config/endpoint/v3"
	_ "github.com/envoyproxy/go-control-plane/envoy/config/listener/v3"
	_ "github.com/envoyproxy/go-control-plane/envoy/config/route/v3"
	_ "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/http/router/v3"
	_ "github.com/envoyproxy/go-control-plane/envoy/extensions/filters/network/http_connection_manager/v3"
)

// fixture is what the benchmark driver writes: Pier's resources for one gateway, each as its
// protobuf encoding (base64 in JSON), and the updates, each one new ClusterLoadAssignment.
type fixture struct {
	Gateway   string            `json:"gateway"`
	Resources []encodedResource `json:"resources"`
	Updates   []encodedResource `json:"updates"`
}

type encodedResource struct {
	TypeURL string `json:"typeUrl"`
	Name    string `json:"name"`
	Value   []byte `json:"value"`
}

// servedTypes are the types the benchmark's clients subscribe to.
var servedTypes = []resource.Type{resource.ClusterType, resource.EndpointType, resource.ListenerType, resource.RouteType}

// publisher applies one endpoint update to a cache.
type publisher interface {
	apply(name string, assignment types.Resource) error
}

// byCluster serves every node of a gateway from one snapshot: Pier's proxies name their gateway
// in node.cluster, and the benchmark's node ids are all distinct.
type byCluster struct{}

func (byCluster) ID(node *core.Node) string { return node.GetCluster() }

// snapshotPublisher: one snapshot per gateway; an update is a new snapshot in which only the
// endpoint type has a new version, published with SetSnapshot.
type snapshotPublisher struct {
	cache    cache.SnapshotCache
	gateway  string
	current  cache.Snapshot
	sequence int
}

func newSnapshotPublisher(gateway string, byType map[resource.Type]map[string]types.Resource) (*snapshotPublisher, error) {
	p := &snapshotPublisher{cache: cache.NewSnapshotCache(true, byCluster{}, nil), gateway: gateway}
	lists := map[resource.Type][]types.Resource{}
	for _, t := range servedTypes {
		lists[t] = values(byType[t])
	}
	snap, err := cache.NewSnapshot("base", lists)
	if err != nil {
		return nil, err
	}
	if err := snap.Consistent(); err != nil {
		return nil, fmt.Errorf("fixture is not a consistent snapshot: %w", err)
	}
	p.current = *snap
	return p, p.cache.SetSnapshot(context.Background(), gateway, snap)
}

func (p *snapshotPublisher) apply(name string, assignment types.Resource) error {
	p.sequence++
	items := map[string]types.Resource{}
	for n, r := range p.current.Resources[types.Endpoint].Items {
		items[n] = r.Resource
	}
	items[name] = assignment
	next := p.current
	next.VersionMap = nil
	next.Resources[types.Endpoint] = cache.NewResources("eds-"+strconv.Itoa(p.sequence), values(items))
	p.current = next
	snap := next
	return p.cache.SetSnapshot(context.Background(), p.gateway, &snap)
}

// linearPublisher: one LinearCache per type behind a MuxCache; an update is UpdateResource on
// the endpoint type's cache.
type linearPublisher struct {
	caches map[resource.Type]*cache.LinearCache
	mux    *cache.MuxCache
}

func newLinearPublisher(byType map[resource.Type]map[string]types.Resource) *linearPublisher {
	p := &linearPublisher{caches: map[resource.Type]*cache.LinearCache{}}
	all := map[string]cache.Cache{}
	for _, t := range servedTypes {
		c := cache.NewLinearCache(t, cache.WithInitialResources(byType[t]))
		p.caches[t] = c
		all[t] = c
	}
	p.mux = &cache.MuxCache{
		Classify:      func(r *cache.Request) string { return r.GetTypeUrl() },
		ClassifyDelta: func(r *cache.DeltaRequest) string { return r.GetTypeUrl() },
		Caches:        all,
	}
	return p
}

func (p *linearPublisher) apply(name string, assignment types.Resource) error {
	return p.caches[resource.EndpointType].UpdateResource(name, assignment)
}

func values(m map[string]types.Resource) []types.Resource {
	out := make([]types.Resource, 0, len(m))
	for _, r := range m {
		out = append(out, r)
	}
	return out
}

// decode turns an encoded resource into its message. Every field must be known to this build
// (an unknown one would be served as it came, but means the two servers may not agree on what
// they serve). Sizes may differ: Pier's encoder writes fields set to their default value, Go's
// leaves them out.
func decode(r encodedResource) (types.Resource, error) {
	msg, err := anypb.UnmarshalNew(&anypb.Any{TypeUrl: r.TypeURL, Value: r.Value}, proto.UnmarshalOptions{})
	if err != nil {
		return nil, fmt.Errorf("resource %s (%s): %w", r.Name, r.TypeURL, err)
	}
	if field := unknownField(msg.ProtoReflect()); field != "" {
		return nil, fmt.Errorf("resource %s (%s) has fields this build does not know (in %s)", r.Name, r.TypeURL, field)
	}
	return msg, nil
}

// unknownField names the first message, depth first, that carries unknown fields ("" for none).
func unknownField(m protoreflect.Message) string {
	if len(m.GetUnknown()) > 0 {
		return string(m.Descriptor().FullName())
	}
	found := ""
	m.Range(func(fd protoreflect.FieldDescriptor, v protoreflect.Value) bool {
		switch {
		case fd.IsList() && fd.Message() != nil:
			for i := 0; i < v.List().Len() && found == ""; i++ {
				found = unknownField(v.List().Get(i).Message())
			}
		case fd.IsMap() && fd.MapValue().Message() != nil:
			v.Map().Range(func(_ protoreflect.MapKey, mv protoreflect.Value) bool {
				found = unknownField(mv.Message())
				return found == ""
			})
		case !fd.IsList() && !fd.IsMap() && fd.Message() != nil:
			found = unknownField(v.Message())
		}
		return found == ""
	})
	return found
}

func loadFixture(path string) (*fixture, map[resource.Type]map[string]types.Resource, []types.Resource, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, nil, err
	}
	var f fixture
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	byType := map[resource.Type]map[string]types.Resource{}
	for _, t := range servedTypes {
		byType[t] = map[string]types.Resource{}
	}
	for _, r := range f.Resources {
		msg, err := decode(r)
		if err != nil {
			return nil, nil, nil, err
		}
		if byType[r.TypeURL] == nil {
			return nil, nil, nil, fmt.Errorf("resource %s: type %s is not served", r.Name, r.TypeURL)
		}
		byType[r.TypeURL][r.Name] = msg
	}
	updates := make([]types.Resource, 0, len(f.Updates))
	for _, r := range f.Updates {
		msg, err := decode(r)
		if err != nil {
			return nil, nil, nil, err
		}
		if cache.GetResourceName(msg) != r.Name {
			return nil, nil, nil, fmt.Errorf("update for %s names %s", r.Name, cache.GetResourceName(msg))
		}
		updates = append(updates, msg)
	}
	return &f, byType, updates, nil
}

func rssBytes() int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return -1
	}
	fields := strings.Fields(string(data))
	if len(fields) < 2 {
		return -1
	}
	pages, _ := strconv.ParseInt(fields[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

func main() {
	fixturePath := flag.String("fixture", "", "fixture JSON written by the benchmark driver")
	cacheKind := flag.String("cache", "snapshot", "snapshot (SnapshotCache, SetSnapshot) or linear (LinearCache per type, UpdateResource)")
	address := flag.String("listen", "127.0.0.1:0", "loopback address to listen on")
	flag.Parse()
	if err := run(*fixturePath, *cacheKind, *address); err != nil {
		fmt.Fprintf(os.Stderr, "peer: %v\n", err)
		os.Exit(1)
	}
}

func run(fixturePath, cacheKind, address string) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("listen address %s is not loopback", address)
	}
	f, byType, updates, err := loadFixture(fixturePath)
	if err != nil {
		return err
	}
	var pub publisher
	var xdsCache cache.Cache
	switch cacheKind {
	case "snapshot":
		p, err := newSnapshotPublisher(f.Gateway, byType)
		if err != nil {
			return err
		}
		pub, xdsCache = p, p.cache
	case "linear":
		p := newLinearPublisher(byType)
		pub, xdsCache = p, p.mux
	default:
		return fmt.Errorf("unknown cache %q", cacheKind)
	}

	var open atomic.Int64
	callbacks := server.CallbackFuncs{
		StreamOpenFunc:        func(context.Context, int64, string) error { open.Add(1); return nil },
		StreamClosedFunc:      func(int64, *core.Node) { open.Add(-1) },
		DeltaStreamOpenFunc:   func(context.Context, int64, string) error { open.Add(1); return nil },
		DeltaStreamClosedFunc: func(int64, *core.Node) { open.Add(-1) },
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	xds := server.NewServer(ctx, xdsCache, callbacks)
	grpcServer := grpc.NewServer()
	discoverygrpc.RegisterAggregatedDiscoveryServiceServer(grpcServer, xds)
	listener, err := net.Listen("tcp", address)
	if err != nil {
		return err
	}
	go func() { _ = grpcServer.Serve(listener) }()
	defer grpcServer.Stop()

	out := bufio.NewWriter(os.Stdout)
	reply := func(format string, args ...any) {
		fmt.Fprintf(out, format+"\n", args...)
		out.Flush()
	}
	reply("listening %d", listener.Addr().(*net.TCPAddr).Port)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		fields := strings.Fields(in.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "update":
			k, err := strconv.Atoi(fields[1])
			if err != nil || k < 0 || k >= len(updates) {
				return fmt.Errorf("bad update %q (fixture has %d)", in.Text(), len(updates))
			}
			cpu, started := clock.CPUNs(), clock.MonotonicNs()
			if err := pub.apply(f.Updates[k].Name, updates[k]); err != nil {
				return err
			}
			reply("applied %d %d %d", k, started, cpu)
		case "cpu":
			reply("cpu %d", clock.CPUNs())
		case "streams":
			reply("streams %d", open.Load())
		case "mem":
			runtime.GC()
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			reply("mem %d %d", rssBytes(), m.HeapInuse)
		default:
			return fmt.Errorf("unknown command %q", in.Text())
		}
	}
	return in.Err()
}
