// A real OpenID Provider for Pier's OIDC end-to-end tests: the OP of github.com/zitadel/oidc/v3
// (an OpenID Certified library) with its example login UI and in-memory storage, served over
// HTTPS on a loopback address the test chooses, with one confidential web client the test
// registers (client_secret_basic or client_secret_post, authorization code with PKCE).
//
// Users (from the library's example store): test-user@<issuer host> / verysecure.
//
// Usage: oidc-op -addr 127.0.0.1:PORT -issuer https://HOST:PORT/ -cert CERT -key KEY
//
//	-client-id ID -client-secret SECRET -redirect-uri URI [-redirect-uri URI ...]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
)

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

func main() {
	addr := flag.String("addr", "", "listen address (host:port)")
	issuer := flag.String("issuer", "", "issuer URL (https://host:port/)")
	cert := flag.String("cert", "", "TLS certificate chain (PEM)")
	key := flag.String("key", "", "TLS private key (PEM)")
	clientID := flag.String("client-id", "", "the web client's id")
	clientSecret := flag.String("client-secret", "", "the web client's secret")
	var redirects list
	flag.Var(&redirects, "redirect-uri", "an allowed redirect URI (repeatable)")
	flag.Parse()
	if *addr == "" || *issuer == "" || *cert == "" || *key == "" || *clientID == "" || *clientSecret == "" || len(redirects) == 0 {
		fmt.Fprintln(os.Stderr, "oidc-op: -addr, -issuer, -cert, -key, -client-id, -client-secret and -redirect-uri are required")
		os.Exit(2)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))

	storage.RegisterClients(storage.WebClient(*clientID, *clientSecret, redirects...))
	store := storage.NewStorage(storage.NewUserStore(*issuer))
	router := exampleop.SetupServer(*issuer, store, logger, false)

	server := &http.Server{Addr: *addr, Handler: router, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		stop := make(chan os.Signal, 1)
		signal.Notify(stop, syscall.SIGTERM, syscall.SIGINT)
		<-stop
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = server.Shutdown(ctx)
	}()
	logger.Info("oidc-op listening", "addr", *addr, "issuer", *issuer)
	if err := server.ListenAndServeTLS(*cert, *key); !errors.Is(err, http.ErrServerClosed) {
		logger.Error("oidc-op stopped", "error", err)
		os.Exit(1)
	}
}
