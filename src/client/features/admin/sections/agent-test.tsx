import { Box, Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { type AgentTestResult, agentTestRequestSchema, agentTestResultSchema } from '../../../../shared/admin'
import { ERROR_TEXT } from '../../../components/error-text'
import { apiPost } from '../../../lib/api-client'
import { checkWith } from '../shared/field-errors'
import { TextField } from '../shared/form-fields'
import { ProblemNotice } from '../shared/problem-notice'

/**
 * 'Probar': one question sent to the agent's https:// endpoint as it is typed in the form, before anything is
 * saved (nothing is stored nor charged). A builtin agent runs inside the server and is not probed.
 */
export function AgentTest({ url, countryCode }: { url: string; countryCode: string }) {
  const [question, setQuestion] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [result, setResult] = useState<AgentTestResult | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [running, setRunning] = useState(false)
  const builtin = url.trim().startsWith('builtin:')

  async function run() {
    setResult(null)
    setFailure(null)
    const checked = checkWith(agentTestRequestSchema, {
      url,
      question,
      countryCode: countryCode.trim() || 'PE',
    })
    if (checked.errors) {
      setError(checked.errors.question ?? checked.errors.url ?? checked.errors.countryCode)
      return
    }
    setError(undefined)
    setRunning(true)
    try {
      setResult(await apiPost('/api/admin/agents/test', checked.data, agentTestResultSchema))
    } catch (e) {
      setFailure(e)
    } finally {
      setRunning(false)
    }
  }

  return (
    <Stack gap="2" borderWidth="1px" borderColor="border.muted" rounded="md" p="3" data-testid="agent-test">
      <TextField
        label="Pregunta de prueba"
        value={question}
        onChange={setQuestion}
        error={error}
        helper={
          builtin ? 'Los agentes builtin corren en el servidor: solo se prueban los https://.' : undefined
        }
        disabled={builtin}
      />
      <Button
        size="sm"
        variant="outline"
        alignSelf="start"
        onClick={run}
        loading={running}
        disabled={builtin}
      >
        Probar
      </Button>
      {failure !== null && <ProblemNotice error={failure} />}
      {result && (
        <Box role="status" fontSize="sm" data-testid="agent-test-result">
          {result.ok ? (
            <Text fontWeight="medium">
              Respondió en {result.latencyMs} ms
              {result.sources && ` · ${result.sources.leyes} leyes, ${result.sources.sentencias} sentencias`}
            </Text>
          ) : (
            <Text fontWeight="medium" color={ERROR_TEXT}>
              Falló{result.httpStatus !== null && ` (HTTP ${result.httpStatus})`}: {result.error}
            </Text>
          )}
          {result.answer && (
            <Text mt="1" whiteSpace="pre-wrap" color="fg.muted" lineClamp={6}>
              {result.answer}
            </Text>
          )}
        </Box>
      )}
    </Stack>
  )
}
