import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { BookOpen, CreditCard, FileText, type LucideIcon, MessageSquare } from 'lucide-react'
import { Link as RouterLink } from 'react-router'
import { PRODUCT_NAME } from '../../shared/brand'
import { LANDING_EXAMPLE } from '../../shared/landing-example'
import { LandingFooter } from '../components/landing-footer'

const SIGN_UP_PATH = '/auth?type=sign-up'

function FeatureIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <Flex
      boxSize="11"
      rounded="xl"
      align="center"
      justify="center"
      bg="cyan.subtle"
      color="cyan.fg"
      css={{ '& svg': { width: '22px', height: '22px' } }}
      aria-hidden
    >
      <Icon />
    </Flex>
  )
}

const FEATURES: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Pregunta en palabras simples',
    text: 'Escribe tu duda como se la contarías a un amigo. Lexia busca en las normas peruanas y en las sentencias de la Corte Suprema.',
    icon: MessageSquare,
  },
  {
    title: 'Respuestas con sus fuentes',
    text: 'Cada respuesta cita sus fuentes en dos grupos, normas jurídicas y sentencias, para que sepas de dónde sale cada afirmación.',
    icon: BookOpen,
  },
  {
    title: 'Abre el documento original',
    text: 'Con un clic ves la norma o la sentencia citada en su página exacta del documento original.',
    icon: FileText,
  },
  {
    title: 'Paga solo lo que consultas',
    text: 'Cada consulta usa créditos. Compra planes en soles con tarjeta o con Yape, sin sorpresas.',
    icon: CreditCard,
  },
]

const STEPS: { title: string; text: string }[] = [
  {
    title: 'Crea tu cuenta',
    text: 'Regístrate con tu correo electrónico y confírmalo desde el enlace que te enviamos.',
  },
  {
    title: 'Haz tu pregunta',
    text: 'Elige un agente y pregunta sobre leyes, códigos o jurisprudencia del Perú, con tus propias palabras.',
  },
  {
    title: 'Revisa las fuentes',
    text: 'Lee la respuesta y abre cada norma o sentencia citada en el documento original, en la página que corresponde.',
  },
]

/** A sample of an answer, to show what the product gives back: one it really gives (shared/landing-example.ts). */
function SampleAnswer() {
  return (
    <Box
      as="figure"
      position="relative"
      rounded="2xl"
      borderWidth="1px"
      borderColor="border"
      bg="bg.panel"
      shadow="lg"
      p={{ base: '4', md: '6' }}
      w="full"
      maxW="lg"
      mx="auto"
    >
      <Text
        as="figcaption"
        fontSize="xs"
        fontWeight="semibold"
        textTransform="uppercase"
        color="fg.muted"
        mb="4"
      >
        Ejemplo de consulta
      </Text>
      <Stack gap="4">
        <Box
          alignSelf="flex-end"
          maxW="85%"
          bg="cyan.solid"
          color="cyan.contrast"
          px="4"
          py="2.5"
          rounded="2xl"
          roundedBottomRight="sm"
        >
          <Text fontSize="sm">{LANDING_EXAMPLE.question}</Text>
        </Box>
        <Box maxW="95%" bg="bg.muted" px="4" py="3" rounded="2xl" roundedBottomLeft="sm">
          <Text fontSize="sm">
            {LANDING_EXAMPLE.answer.before}
            <strong>{LANDING_EXAMPLE.answer.strong}</strong>
            {LANDING_EXAMPLE.answer.after}
          </Text>
        </Box>
        <Stack gap="2">
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
            Fuentes citadas
          </Text>
          <HStack gap="2" wrap="wrap">
            <Badge variant="subtle" size="md">
              Normas jurídicas · {LANDING_EXAMPLE.source.label}
            </Badge>
            <Badge variant="outline" colorPalette="gray" size="md">
              Sentencias · Corte Suprema
            </Badge>
          </HStack>
        </Stack>
      </Stack>
    </Box>
  )
}

function Hero() {
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      bgImage={{
        base: 'radial-gradient(60rem 30rem at 85% -10%, rgba(6, 182, 212, 0.14), transparent 70%)',
        _dark: 'radial-gradient(60rem 30rem at 85% -10%, rgba(6, 182, 212, 0.2), transparent 70%)',
      }}
    >
      <Container maxW="6xl" py={{ base: '12', md: '20' }}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '12', lg: '16' }} alignItems="center">
          <Stack gap="6">
            <Badge alignSelf="flex-start" variant="subtle" size="lg" rounded="full" px="3">
              Normas y jurisprudencia del Perú
            </Badge>
            <Heading
              id="hero-title"
              as="h1"
              fontSize={{ base: '4xl', md: '5xl' }}
              lineHeight="1.1"
              letterSpacing="tight"
            >
              Tus dudas legales, respondidas{' '}
              <Box as="span" color="cyan.fg">
                en palabras simples
              </Box>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              {PRODUCT_NAME} responde tus preguntas sobre las normas peruanas y las sentencias de la Corte
              Suprema. Cada respuesta cita sus fuentes, y puedes abrir cada una en su página del documento
              original.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild size="xl" data-testid="landing-cta">
                <RouterLink to={SIGN_UP_PATH}>Crear mi cuenta</RouterLink>
              </Button>
              <Button asChild size="xl" variant="outline">
                <a href="#como-funciona">Cómo funciona</a>
              </Button>
            </Stack>
            <Text fontSize="sm" color="fg.muted">
              Planes en soles · Pago con tarjeta o Yape
            </Text>
          </Stack>
          <SampleAnswer />
        </SimpleGrid>
      </Container>
    </Box>
  )
}

function Features() {
  return (
    <Box as="section" aria-labelledby="features-title" py={{ base: '14', md: '20' }} bg="bg.subtle">
      <Container maxW="6xl">
        <Stack gap="3" mb="10" maxW="2xl">
          <Heading id="features-title" as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Información legal clara, con respaldo
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            Pensado para personas en el Perú que necesitan entender qué dice la ley sin leer cientos de
            páginas.
          </Text>
        </Stack>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
          {FEATURES.map((feature) => (
            <Stack
              as="li"
              key={feature.title}
              gap="4"
              p="6"
              rounded="2xl"
              bg={{ base: 'bg.panel', _dark: 'bg.muted' }}
              borderWidth="1px"
              borderColor="border"
            >
              <FeatureIcon icon={feature.icon} />
              <Heading as="h3" size="md">
                {feature.title}
              </Heading>
              <Text color="fg.muted" fontSize="sm">
                {feature.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}

function HowItWorks() {
  return (
    <Box
      as="section"
      id="como-funciona"
      aria-labelledby="how-title"
      py={{ base: '14', md: '20' }}
      scrollMarginTop="72px"
    >
      <Container maxW="6xl">
        <Heading id="how-title" as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight" mb="10">
          Cómo funciona
        </Heading>
        <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 3 }} gap="8">
          {STEPS.map((step, index) => (
            <Stack as="li" key={step.title} gap="3">
              <Flex
                boxSize="10"
                rounded="full"
                align="center"
                justify="center"
                bg="cyan.solid"
                color="cyan.contrast"
                fontWeight="bold"
                aria-hidden
              >
                {index + 1}
              </Flex>
              <Heading as="h3" size="md">
                {step.title}
              </Heading>
              <Text color="fg.muted">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  )
}

function Pricing() {
  return (
    <Box as="section" aria-labelledby="pricing-title" pb={{ base: '14', md: '20' }}>
      <Container maxW="6xl">
        <Flex
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'flex-start', md: 'center' }}
          justify="space-between"
          gap="6"
          p={{ base: '6', md: '10' }}
          rounded="3xl"
          bg="cyan.subtle"
          borderWidth="1px"
          borderColor="cyan.muted"
        >
          <Stack gap="3" maxW="2xl">
            <Heading id="pricing-title" as="h2" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
              Créditos por consulta, planes en soles
            </Heading>
            <Text color="fg">
              Cada consulta usa los créditos del agente que elijas. Recarga con un plan prepago o suscríbete,
              y paga en soles (S/) con tarjeta de crédito o débito, o con Yape.
            </Text>
          </Stack>
          <Button asChild size="xl" flexShrink={0}>
            <RouterLink to={SIGN_UP_PATH}>Empezar ahora</RouterLink>
          </Button>
        </Flex>
      </Container>
    </Box>
  )
}

/** Landing page at / (spec §2). */
export default function LandingPage() {
  return (
    <>
      <Box as="main" id="contenido" flex="1">
        <Hero />
        <Features />
        <HowItWorks />
        <Pricing />
      </Box>
      <LandingFooter />
    </>
  )
}
