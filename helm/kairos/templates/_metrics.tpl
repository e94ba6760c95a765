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

{{/*
The operators' token hashes (admin.operators, admin.existingSecret): one variable per operator, read from the Secret
under the operator's name. Renders nothing without operators.
*/}}
{{- define "kairos.adminTokenEnv" -}}
{{- range .Values.admin.operators }}
- name: KAIROS_ADMIN_OPERATOR_{{ . | upper | replace "-" "_" }}_TOKEN_HASH
  valueFrom:
    secretKeyRef:
      name: {{ $.Values.admin.existingSecret }}
      key: {{ . }}
{{- end }}
{{- end -}}
