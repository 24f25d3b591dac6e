import { Button, Menu, Portal } from '@chakra-ui/react'
import { useAuth } from '../features/auth/provider'

/** Spec §2: a menu labelled with the user's e-mail, whose one item signs out (and reloads on /auth). */
export function UserMenu() {
  const { user, signOut } = useAuth()
  if (!user) return null
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="outline"
          colorPalette="gray"
          size="sm"
          maxW={{ base: '44', md: 'xs' }}
          data-testid="user-menu"
        >
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {user.email}
          </span>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="sign-out" onSelect={() => void signOut()} data-testid="sign-out">
              Cerrar sesión
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
