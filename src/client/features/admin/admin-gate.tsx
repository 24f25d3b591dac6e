import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Navigate, Link as RouterLink } from 'react-router'
import { PageLoader } from '../../components/page-loader'
import { ApiError } from '../../lib/api-client'
import { ProblemNotice } from './shared/problem-notice'
import { useAdminMe } from './use-admin-me'

/**
 * The console for admins only. Anonymous visitors never get here (the guarded area sends them to /auth); a session
 * that ended meanwhile (401) goes there too; a user without the role (403) sees why and a way back.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const me = useAdminMe()
  if (me.isPending) return <PageLoader />
  if (me.error instanceof ApiError && me.error.status === 401) return <Navigate to="/auth" replace />
  if (me.error instanceof ApiError && me.error.status === 403)
    return (
      <Center as="main" flex="1" px="6" py="20" data-testid="admin-forbidden">
        <Stack gap="4" textAlign="center" align="center" maxW="md">
          <Heading as="h1" size="2xl">
            No tienes permiso
          </Heading>
          <Text color="fg.muted">
            La consola de administración es solo para administradores. Si crees que deberías tener acceso,
            pide a un administrador que te lo conceda.
          </Text>
          <Button asChild>
            <RouterLink to="/protected/chat">Volver al chat</RouterLink>
          </Button>
        </Stack>
      </Center>
    )
  if (me.isError)
    return (
      <Center as="main" px="6" py="20">
        <ProblemNotice error={me.error} />
      </Center>
    )
  return children
}
