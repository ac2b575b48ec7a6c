{{/* The release's object name: the release name when it already says "pier", else <release>-pier. */}}
{{- define "pier.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "pier.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "pier.labels" -}}
{{ include "pier.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "pier.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* Where the Gateways' proxy pods reach Pier's xDS server. */}}
{{- define "pier.proxyXdsHost" -}}
{{ .Values.xds.proxyHost | default (printf "%s.%s.svc" (include "pier.fullname" .) .Release.Namespace) }}
{{- end -}}

{{/* The hooks' own ServiceAccount: Pier's is not there yet (pre-install) or gone (post-delete). */}}
{{- define "pier.hooksName" -}}
{{ include "pier.fullname" . }}-hooks
{{- end -}}
