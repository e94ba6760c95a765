{{/*
The management endpoint's bearer token (metrics.bearerToken): the pods read only the token's SHA-256 from the
Secret, the ServiceMonitor sends the token itself. Renders nothing without metrics.bearerToken.existingSecret.
*/}}
{{- define "kairos.metricsTokenEnv" -}}
{{- with .Values.metrics.bearerToken.existingSecret -}}
- name: KAIROS_METRICS_BEARER_TOKEN_HASH
  valueFrom:
    secretKeyRef:
      name: {{ . }}
      key: {{ $.Values.metrics.bearerToken.hashKey }}
{{- end }}
{{- end -}}
