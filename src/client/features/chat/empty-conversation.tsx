import { Stack, Text } from '@chakra-ui/react'

/**
 * What a conversation without messages shows: how to ask, and, before the user's first question ever, where the
 * answers' sources are. Its second paragraph is the chat page's largest text, so it is also what the chat draws
 * while it loads (decision 0036), at the same size and place.
 */
export function EmptyConversation({ intro = false }: { intro?: boolean }) {
  return (
    <Stack gap="2" textAlign="center" color="fg.muted" py="16" px="4">
      <Text fontSize="lg" fontWeight="semibold" color="fg">
        ¿En qué te puedo ayudar?
      </Text>
      <Text fontSize="sm">
        Pregunta como lo dirías a un abogado: «me botaron del trabajo sin aviso», «cuánto dura el mandato
        presidencial», «art. 106 CP».
      </Text>
      {intro && (
        <Text fontSize="sm">
          Cada respuesta cita las normas y sentencias en que se apoya: ábrelas con «Fuentes». Encontrarás más
          en «Instrucciones», en el historial.
        </Text>
      )}
    </Stack>
  )
}
