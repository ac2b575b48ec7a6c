// otelcol is the smallest OpenTelemetry Collector the end-to-end tests need: the OTLP receiver
// (gRPC and HTTP) and the contrib file exporter, nothing else, so its build from the Go module
// proxy stays short. scripts/build-otelcol.mjs builds it into ~/.cache/pier/otelcol-<version>/.
// Run it as the Collector is run: `otelcol --config=<file.yaml>`.
package main

import (
	"log"

	"github.com/open-telemetry/opentelemetry-collector-contrib/exporter/fileexporter"
	"go.opentelemetry.io/collector/component"
	"go.opentelemetry.io/collector/confmap"
	"go.opentelemetry.io/collector/confmap/provider/envprovider"
	"go.opentelemetry.io/collector/confmap/provider/fileprovider"
	"go.opentelemetry.io/collector/exporter"
	"go.opentelemetry.io/collector/otelcol"
	"go.opentelemetry.io/collector/receiver"
	"go.opentelemetry.io/collector/receiver/otlpreceiver"
	"go.opentelemetry.io/collector/service/telemetry/otelconftelemetry"
)

func components() (otelcol.Factories, error) {
	var factories otelcol.Factories
	var err error
	if factories.Receivers, err = otelcol.MakeFactoryMap[receiver.Factory](otlpreceiver.NewFactory()); err != nil {
		return factories, err
	}
	if factories.Exporters, err = otelcol.MakeFactoryMap[exporter.Factory](fileexporter.NewFactory()); err != nil {
		return factories, err
	}
	// The Collector's own logs and (switched off in the tests' configuration) metrics.
	factories.Telemetry = otelconftelemetry.NewFactory()
	return factories, nil
}

func main() {
	settings := otelcol.CollectorSettings{
		BuildInfo: component.BuildInfo{Command: "otelcol", Description: "Pier test Collector (OTLP receiver, file exporter)", Version: "v0.161.0-pier"},
		Factories: components,
		ConfigProviderSettings: otelcol.ConfigProviderSettings{
			ResolverSettings: confmap.ResolverSettings{
				// env: the default scheme of ${...} references in a configuration.
				ProviderFactories: []confmap.ProviderFactory{fileprovider.NewFactory(), envprovider.NewFactory()},
				DefaultScheme:     "env",
			},
		},
	}
	if err := otelcol.NewCommand(settings).Execute(); err != nil {
		log.Fatalf("collector: %v", err)
	}
}
